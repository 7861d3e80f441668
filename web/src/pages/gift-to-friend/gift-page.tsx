import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Header } from '@/components/layout/header';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { Stack } from '@/components/ui/stack';
import { Toasts, useToasts } from '@/components/ui/toast';
import { useGiftCoupon } from '@/features/gifts/api/gift-coupon';
import { copyToClipboard } from '@/features/gifts/copy-to-clipboard';
import {
  classifyGiftFailure,
  type GiftFailure,
  isSameUsername,
  normalizeFriendUsername,
} from '@/features/gifts/gift-rules';
import { getMyCouponsQueryOptions } from '@/features/my-coupons/api/get-my-coupons';
import { useUser } from '@/features/session/api/get-me';
import { useOncePerPress } from '@/hooks/use-once-per-press';
import { Page } from '@/telegram/page';
import './gift-page.css';
import { texts } from './texts';

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
  const [friend, setFriend] = useState('');
  const [outcome, setOutcome] = useState<Outcome>();
  const { toasts, showToast } = useToasts();
  const sendPress = useOncePerPress();
  const copyLock = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(copyLock.current), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const friendUsername = normalizeFriendUsername(friend);
    if (!friendUsername || !couponId || !ownUsername) return;
    sendPress.press(() => send(couponId, ownUsername, friendUsername));
  };

  const send = (couponId: string, ownUsername: string, friendUsername: string) => {
    if (isSameUsername(friendUsername, ownUsername)) {
      sendPress.release();
      setOutcome({ tone: 'error', text: texts.toSelf });
      return;
    }
    setOutcome(undefined);
    gift.mutate(
      { purchasedCouponId: couponId, ownUsername, friendUsername },
      {
        onSuccess: () => {
          setOutcome({ tone: 'success', text: texts.sent });
          void queryClient.invalidateQueries({ queryKey: getMyCouponsQueryOptions(ownUsername).queryKey });
        },
        onError: (error) => {
          sendPress.release();
          const failure = classifyGiftFailure(error);
          if (failure.kind === 'not_sent') console.error('The gift did not reach the server', error);
          setOutcome({ tone: 'error', text: failureText(failure) });
        },
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

  const sent = gift.isSuccess;

  return (
    <Page>
      <Header title={texts.title} />
      <Stack>
        {!couponId && <Notice tone="info">{texts.noCoupon}</Notice>}
        <form className="gift__form" onSubmit={submit} noValidate>
          <TextField
            label={texts.friendLabel}
            placeholder={texts.friendPlaceholder}
            note={texts.friendNote}
            value={friend}
            onChange={(event) => setFriend(event.target.value)}
            autoCapitalize="none"
            autoCorrect="off"
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="send"
            disabled={sent}
          />
          <Button type="submit" disabled={!couponId || sent || gift.isPending} pressed={gift.isPending}>
            {gift.isPending ? <Spinner label={texts.sending} /> : texts.gift}
          </Button>
        </form>
        {outcome && <Notice tone={outcome.tone}>{outcome.text}</Notice>}
        <Button variant="secondary" onClick={copyChatLink}>
          {texts.copyChatLink}
        </Button>
      </Stack>
      <Toasts toasts={toasts} />
    </Page>
  );
}
