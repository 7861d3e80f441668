import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { canShareGifts, shareGift } from '@/features/gifts/share-gift';
import { giftTexts } from '@/features/gifts/texts';
import { errorMessage } from '@/lib/api-client';
import type { BottomButtonAction } from '@/telegram/use-main-button';

type Sharing = { state: 'idle' | 'sharing' | 'sent' } | { state: 'failed'; message: string };

/**
 * «Отправить другу» after a gift: the giver sends a message about it into a chat of
 * their choice. Only where Telegram can share; `action` is for Telegram's main button.
 */
export function useGiftSharing(giftId: number | undefined) {
  const [sharing, setSharing] = useState<Sharing>({ state: 'idle' });
  const available = giftId !== undefined && canShareGifts();

  const press = () => {
    if (giftId === undefined || sharing.state === 'sharing') return;
    setSharing({ state: 'sharing' });
    shareGift(giftId).then(
      (outcome) => setSharing({ state: outcome === 'sent' ? 'sent' : 'idle' }),
      (error: unknown) => {
        console.error('The gift was not shared', error);
        setSharing({ state: 'failed', message: errorMessage(error, giftTexts.shareFailed) });
      },
    );
  };

  const action: BottomButtonAction | undefined = available
    ? { text: giftTexts.share, onClick: press, loading: sharing.state === 'sharing' }
    : undefined;
  return { available, sharing, press, action };
}

type GiftSharingProps = {
  sharing: ReturnType<typeof useGiftSharing>;
  /** The page's own button; inside Telegram the main button is it. */
  withButton: boolean;
};

export function GiftSharing({ sharing: { available, sharing, press }, withButton }: GiftSharingProps) {
  if (!available) return null;
  return (
    <>
      {withButton && (
        <Button busy={sharing.state === 'sharing' && giftTexts.sharing} onClick={press}>
          {giftTexts.share}
        </Button>
      )}
      {sharing.state === 'sent' && <Notice tone="success">{giftTexts.shared}</Notice>}
      {sharing.state === 'failed' && <Notice tone="error">{sharing.message}</Notice>}
    </>
  );
}
