import { lazy, Suspense } from 'react';
import { usernameOf } from '#contract/usernames';
import { Header } from '@/components/layout/header';
import { Button } from '@/components/ui/button';
import { ConfirmStep } from '@/components/ui/confirm-step';
import { TextField } from '@/components/ui/field';
import { Notice } from '@/components/ui/notice';
import { Stack } from '@/components/ui/stack';
import { Toasts } from '@/components/ui/toast';
import { GiftSharing } from '@/features/gifts/components/gift-sharing';
import { useChatLinkCopy } from '@/features/gifts/hooks/use-chat-link-copy';
import { type GiftOutcome, useGiftFlow } from '@/features/gifts/hooks/use-gift-flow';
import { useGiftSharing } from '@/features/gifts/hooks/use-gift-sharing';
import { useGiftableCoupons } from '@/features/my-coupons/api/get-giftable-coupons';
import { useUser } from '@/features/session/api/get-me';
import { isUsernameSeen } from '@/features/session/api/is-username-seen';
import { useSearchParams } from '@/lib/router/router';
import { Page } from '@/messenger/page';
import { useMainButton } from '@/messenger/use-main-button';
import './gift-page.css';
import { texts } from './texts';

// Only a gift to a username nobody opened the app with is held: its status comes when needed.
const HeldGiftStatus = lazy(() =>
  import('@/features/gifts/components/held-gift-status').then((module) => ({
    default: module.HeldGiftStatus,
  })),
);

function outcomeNotice(outcome: GiftOutcome) {
  switch (outcome.kind) {
    case 'sent':
      return <Notice tone="success">{texts.sent}</Notice>;
    case 'to_self':
      return <Notice tone="error">{texts.toSelf}</Notice>;
    case 'refused':
      return <Notice tone="error">{outcome.message}</Notice>;
    case 'not_sent':
      return <Notice tone="error">{texts.notSent}</Notice>;
    case 'friend_not_found':
      return <Notice tone="error">{texts.friendNotFound}</Notice>;
  }
}

/** Gift (SPEC §2 Gift, §5); query parameter couponId. */
export function GiftPage() {
  const couponId = useSearchParams()[0].get('couponId');
  const user = useUser();
  const giver = user?.username;
  const nameless = user !== undefined && !giver;
  const gift = useGiftFlow({
    couponId,
    giver,
    giftable: useGiftableCoupons(giver).data,
    isUsernameSeen,
  });
  const { sent } = gift;
  const chatLink = useChatLinkCopy(user?.communityChatLink, {
    copied: texts.copied,
    failed: texts.copyFailed,
  });

  const share = useGiftSharing(gift.heldCanceled ? undefined : sent?.giftId);
  const mainButtonShown = useMainButton(
    sent
      ? share.action
      : { text: texts.gift, onClick: gift.send, enabled: gift.mayGive && !nameless, loading: gift.sending },
  );

  return (
    <Page>
      <Header title={texts.title} />
      <Stack>
        {!couponId && <Notice tone="info">{texts.noCoupon}</Notice>}
        {nameless && <Notice tone="error">{texts.noUsername}</Notice>}
        {gift.notGiftable && <Notice tone="error">{texts.notGiftable[gift.notGiftable]}</Notice>}
        <form className="gift__form" onSubmit={gift.submit} noValidate>
          <TextField
            label={texts.friendLabel}
            placeholder={texts.friendPlaceholder}
            note={texts.friendNote}
            error={gift.friendError}
            value={gift.friend}
            onChange={(event) => gift.typeFriend(event.target.value)}
            autoCapitalize="none"
            autoCorrect="off"
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="send"
            disabled={!!sent}
          />
          {!mainButtonShown && (
            <Button
              busy={gift.sending && texts.sending}
              type="submit"
              disabled={
                !couponId || nameless || !!gift.notGiftable || !!sent || gift.sending || !!gift.unseen
              }
            >
              {texts.gift}
            </Button>
          )}
        </form>
        {gift.unseen && (
          <ConfirmStep
            question={texts.unseenQuestion(gift.unseen)}
            detail={texts.unseenDetail(gift.unseen)}
            confirm={texts.unseenConfirm}
            cancel={texts.unseenCancel}
            onConfirm={gift.confirmUnseen}
            onCancel={gift.dropUnseen}
          />
        )}
        {gift.outcome && outcomeNotice(gift.outcome)}
        {sent?.status === 'held' && (
          <Suspense fallback={null}>
            <HeldGiftStatus
              giftId={sent.giftId}
              toUsername={usernameOf(gift.friend)}
              heldUntil={sent.heldUntil}
              onCanceled={gift.onHeldCanceled}
            />
          </Suspense>
        )}
        <GiftSharing sharing={share} withButton={!mainButtonShown} />
        <Button variant="secondary" onClick={chatLink.copy}>
          {texts.copyChatLink}
        </Button>
      </Stack>
      <Toasts toasts={chatLink.toasts} />
    </Page>
  );
}
