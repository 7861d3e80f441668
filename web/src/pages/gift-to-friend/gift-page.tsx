import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { TGiftResponse } from '#contract/gifts';
import { isSameUsername, parseUsername, usernameOf } from '#contract/usernames';
import { Header } from '@/components/layout/header';
import { Button } from '@/components/ui/button';
import { ConfirmStep } from '@/components/ui/confirm-step';
import { TextField } from '@/components/ui/field';
import { Notice } from '@/components/ui/notice';
import { Stack } from '@/components/ui/stack';
import { Toasts, useToasts } from '@/components/ui/toast';
import { useGiftCoupon } from '@/features/gifts/api/gift-coupon';
import { copyToClipboard } from '@/features/gifts/copy-to-clipboard';
import { classifyGiftFailure, type GiftFailure } from '@/features/gifts/gift-rules';
import { useGiftableCouponIds } from '@/features/my-coupons/api/get-giftable-coupons';
import { myCouponsQueryKey } from '@/features/my-coupons/api/my-coupons-key';
import { useUser } from '@/features/session/api/get-me';
import { isUsernameSeen } from '@/features/session/api/is-username-seen';
import { useOncePerPress } from '@/hooks/use-once-per-press';
import { useSearchParams } from '@/lib/router/router';
import { vibrateFor } from '@/telegram/haptics';
import { Page } from '@/telegram/page';
import { useMainButton } from '@/telegram/use-main-button';
import { askWriteAccessOnce } from '@/telegram/write-access';
import './gift-page.css';
import { GiftSharing, useGiftSharing } from './gift-sharing';
import { texts } from './texts';

// Only a gift to a username nobody opened the app with is held: its status comes when needed.
const HeldGiftStatus = lazy(() =>
  import('@/features/gifts/components/held-gift-status').then((module) => ({
    default: module.HeldGiftStatus,
  })),
);

/** SPEC §2 Gift, §9: the copy toast shows 2 s, and taps within those 2 s are ignored. */
export const COPY_TOAST_MS = 2000;

type Outcome = { tone: 'success' | 'error'; text: string };

function failureText(failure: GiftFailure): string {
  switch (failure.kind) {
    case 'refused':
      return failure.message;
    case 'not_sent':
      return texts.notSent;
    case 'friend_not_found':
      return texts.friendNotFound;
  }
}

/** Gift (SPEC §2 Gift, §5); query parameter couponId. */
export function GiftPage() {
  const couponId = useSearchParams()[0].get('couponId');
  const user = useUser();
  const ownUsername = user?.username;
  const chatLink = user?.communityChatLink;
  const queryClient = useQueryClient();
  const gift = useGiftCoupon();
  // A link naming a coupon that is not the person's usable one says so, rather than a form that
  // fails only when sent.
  const { data: giftable } = useGiftableCouponIds(ownUsername);
  const notYours = !!couponId && !!giftable && !gift.data && !giftable.includes(couponId);
  const [friend, setFriend] = useState('');
  const [outcome, setOutcome] = useState<Outcome>();
  // What is wrong with the name itself, said under it (the one username rule).
  const [friendError, setFriendError] = useState<string>();
  const [heldCanceled, setHeldCanceled] = useState(false);
  // A username the app has never seen, waiting for the giver's second look before its gift is held.
  const [unseen, setUnseen] = useState<string>();
  const { toasts, showToast } = useToasts();
  const sendPress = useOncePerPress();
  const copyLock = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(copyLock.current), []);

  const refreshMyCoupons = () =>
    void queryClient.invalidateQueries({ queryKey: myCouponsQueryKey(ownUsername) });

  const trySend = () => {
    if (friend.trim() === '' || !couponId || !ownUsername || unseen || notYours) return;
    const parsed = parseUsername(friend);
    if (!parsed.ok) {
      setOutcome(undefined);
      setFriendError(parsed.message);
      vibrateFor('error');
      return;
    }
    sendPress.press(() => void check(couponId, ownUsername, parsed.username));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    trySend();
  };

  const refuse = (text: string) => {
    sendPress.release();
    setOutcome({ tone: 'error', text });
    vibrateFor('error');
  };

  const failed = (error: unknown) => {
    const failure = classifyGiftFailure(error);
    if (failure.kind === 'not_sent') console.error('The gift did not reach the server', error);
    refuse(failureText(failure));
  };

  /** A known member gets the gift at once; a username never seen is asked about first. */
  const check = async (couponId: string, ownUsername: string, friendUsername: string) => {
    if (isSameUsername(friendUsername, ownUsername)) {
      refuse(texts.toSelf);
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
    if (seen) await send(couponId, ownUsername, friendUsername);
    else {
      sendPress.release();
      setUnseen(friendUsername);
    }
  };

  const confirmUnseen = () => {
    if (!unseen || !couponId || !ownUsername) return;
    const friendUsername = unseen;
    sendPress.press(() => {
      setUnseen(undefined);
      void send(couponId, ownUsername, friendUsername);
    });
  };

  const send = async (couponId: string, ownUsername: string, friendUsername: string) => {
    // The bot tells the friend, and the giver when a held gift is claimed: it may need to ask first.
    await askWriteAccessOnce();
    gift.mutate(
      { purchasedCouponId: couponId, ownUsername, friendUsername },
      {
        onSuccess: ({ status }) => {
          // A held gift's state is told by its own notice, in a neutral tone: nobody has it yet.
          if (status === 'sent') setOutcome({ tone: 'success', text: texts.sent });
          vibrateFor('success');
          refreshMyCoupons();
        },
        onError: failed,
      },
    );
  };

  const copyChatLink = async () => {
    if (copyLock.current !== undefined) return;
    copyLock.current = setTimeout(() => {
      copyLock.current = undefined;
    }, COPY_TOAST_MS);
    const copied = chatLink ? await copyToClipboard(chatLink) : false;
    showToast(copied ? texts.copied : texts.copyFailed, {
      tone: copied ? 'success' : 'error',
      durationMs: COPY_TOAST_MS,
    });
  };

  const sent: TGiftResponse | undefined = gift.data;
  // A canceled gift is the giver's again: there is nothing left to tell the friend.
  const share = useGiftSharing(heldCanceled ? undefined : sent?.giftId);
  const mainButtonShown = useMainButton(
    sent
      ? share.action
      : {
          text: texts.gift,
          onClick: trySend,
          enabled: !!couponId && !notYours && friend.trim() !== '' && !unseen,
          loading: gift.isPending,
        },
  );

  return (
    <Page>
      <Header title={texts.title} />
      <Stack>
        {!couponId && <Notice tone="info">{texts.noCoupon}</Notice>}
        {notYours && <Notice tone="error">{texts.notYours}</Notice>}
        <form className="gift__form" onSubmit={submit} noValidate>
          <TextField
            label={texts.friendLabel}
            placeholder={texts.friendPlaceholder}
            note={texts.friendNote}
            error={friendError}
            value={friend}
            onChange={(event) => {
              setFriend(event.target.value);
              setFriendError(undefined);
              setUnseen(undefined);
            }}
            autoCapitalize="none"
            autoCorrect="off"
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="send"
            disabled={!!sent}
          />
          {!mainButtonShown && (
            <Button
              busy={gift.isPending && texts.sending}
              type="submit"
              disabled={!couponId || notYours || !!sent || gift.isPending || !!unseen}
            >
              {texts.gift}
            </Button>
          )}
        </form>
        {unseen && (
          <ConfirmStep
            question={texts.unseenQuestion(unseen)}
            detail={texts.unseenDetail(unseen)}
            confirm={texts.unseenConfirm}
            cancel={texts.unseenCancel}
            onConfirm={confirmUnseen}
            onCancel={() => setUnseen(undefined)}
          />
        )}
        {outcome && <Notice tone={outcome.tone}>{outcome.text}</Notice>}
        {sent?.status === 'held' && (
          <Suspense fallback={null}>
            <HeldGiftStatus
              giftId={sent.giftId}
              toUsername={usernameOf(friend)}
              heldUntil={sent.heldUntil}
              onCanceled={() => {
                setHeldCanceled(true);
                refreshMyCoupons();
              }}
            />
          </Suspense>
        )}
        <GiftSharing sharing={share} withButton={!mainButtonShown} />
        <Button variant="secondary" onClick={copyChatLink}>
          {texts.copyChatLink}
        </Button>
      </Stack>
      <Toasts toasts={toasts} />
    </Page>
  );
}
