import { type FormEvent, useState } from 'react';
import type { TPurchasedCouponStatus } from '#contract/purchases';
import { isSameUsername, parseUsername } from '#contract/usernames';
import { useOncePerPress } from '@/hooks/use-once-per-press';
import { vibrateFor } from '@/messenger/haptics';
import { writeAccess } from '@/messenger/write-access';
import { useGiftCoupon } from '../api/gift-coupon';
import { classifyGiftFailure, type GiftFailure } from '../gift-rules';

/** What became of the last send: given, or why not (the screen says each in its own words). */
export type GiftOutcome = { kind: 'sent' } | { kind: 'to_self' } | GiftFailure;

/** Why the linked coupon cannot be given, known before the form is filled: the screen says it. */
export type NotGiftable = 'not_yours' | 'expired' | 'refund_pending';

/** A coupon absent from the giver's list, or used, is not theirs to give; the rest say why not. */
function whyNotGiftable(status: TPurchasedCouponStatus | undefined): NotGiftable | undefined {
  if (status === 'NOT_USED') return undefined;
  if (status === 'EXPIRED') return 'expired';
  if (status === 'REFUND_PENDING') return 'refund_pending';
  return 'not_yours';
}

type GiftFlowOptions = {
  couponId: string | null;
  /** The giver's username, the session's. */
  giver: string | null | undefined;
  /** The state of each of the giver's coupons, once known: a link naming one not to give says why before the form is filled. */
  giftable: ReadonlyMap<string, TPurchasedCouponStatus> | undefined;
  /** Whether anyone opened the app with a username (the session's lookup). */
  isUsernameSeen: (username: string) => Promise<boolean>;
};

/**
 * Giving a coupon to a friend (SPEC §2 Gift, §5; ADR 0012): the name checked by the one username
 * rule, a gift to oneself refused here, a known member given the coupon at once, a username the
 * app has never seen asked about first and then held for it; the bot's right to write asked before
 * the gift, the phone's buzz for the outcome, one send per press.
 */
export function useGiftFlow({ couponId, giver, giftable, isUsernameSeen }: GiftFlowOptions) {
  const gift = useGiftCoupon();
  const sendPress = useOncePerPress();
  const [friend, setFriend] = useState('');
  // What is wrong with the name itself, said under it.
  const [friendError, setFriendError] = useState<string>();
  const [outcome, setOutcome] = useState<GiftOutcome>();
  // A username the app has never seen, waiting for the giver's second look before its gift is held.
  const [unseen, setUnseen] = useState<string>();
  const [heldCanceled, setHeldCanceled] = useState(false);
  const sent = gift.data;
  const notGiftable = couponId && giftable && !sent ? whyNotGiftable(giftable.get(couponId)) : undefined;

  const refuse = (why: GiftOutcome) => {
    sendPress.release();
    setOutcome(why);
    vibrateFor('error');
  };

  const failed = (error: unknown) => {
    const failure = classifyGiftFailure(error);
    if (failure.kind === 'not_sent') console.error('The gift did not reach the server', error);
    refuse(failure);
  };

  const give = async (purchasedCouponId: string, ownUsername: string, friendUsername: string) => {
    // The bot tells the friend, and the giver when a held gift is claimed: it may need to ask first.
    await writeAccess()?.askOnce();
    gift.mutate(
      { purchasedCouponId, ownUsername, friendUsername },
      {
        onSuccess: ({ status }) => {
          // A held gift's state is told by its own notice: nobody has it yet. The form stays shut
          // once the gift is made (`sent`), so the press may go.
          sendPress.release();
          if (status === 'sent') setOutcome({ kind: 'sent' });
          vibrateFor('success');
        },
        onError: failed,
      },
    );
  };

  /** A known member gets the gift at once; a username never seen is asked about first. */
  const check = async (purchasedCouponId: string, ownUsername: string, friendUsername: string) => {
    if (isSameUsername(friendUsername, ownUsername)) {
      refuse({ kind: 'to_self' });
      return;
    }
    setOutcome(undefined);
    let seen: boolean;
    try {
      seen = await isUsernameSeen(friendUsername);
    } catch (error) {
      failed(error);
      return;
    }
    if (seen) await give(purchasedCouponId, ownUsername, friendUsername);
    else {
      sendPress.release();
      setUnseen(friendUsername);
    }
  };

  const send = () => {
    if (friend.trim() === '' || !couponId || !giver || unseen || notGiftable) return;
    const parsed = parseUsername(friend);
    if (!parsed.ok) {
      setOutcome(undefined);
      setFriendError(parsed.message);
      vibrateFor('error');
      return;
    }
    sendPress.press(() => void check(couponId, giver, parsed.username));
  };

  const confirmUnseen = () => {
    if (!unseen || !couponId || !giver) return;
    const friendUsername = unseen;
    sendPress.press(() => {
      setUnseen(undefined);
      void give(couponId, giver, friendUsername);
    });
  };

  return {
    friend,
    /** Typing a new name forgets what was said about the last one. */
    typeFriend: (text: string) => {
      setFriend(text);
      setFriendError(undefined);
      setUnseen(undefined);
    },
    friendError,
    notGiftable,
    /** The send button acts: a coupon of the giver's to give, a name typed, no question open. */
    mayGive: !!couponId && !notGiftable && friend.trim() !== '' && !unseen,
    send,
    submit: (event: FormEvent) => {
      event.preventDefault();
      send();
    },
    /** From the tap on: the name looked up, the bot's right to write asked, the gift sent. */
    sending: sendPress.held || gift.isPending,
    /** The server's answer: given (`sent`) or held for a username not seen yet. */
    sent,
    outcome,
    unseen,
    confirmUnseen,
    dropUnseen: () => setUnseen(undefined),
    /** A held gift taken back is the giver's again: there is nothing left to tell the friend. */
    heldCanceled,
    onHeldCanceled: () => setHeldCanceled(true),
  };
}
