import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { canShare } from '@/messenger/share';
import type { BottomButtonAction } from '@/messenger/use-main-button';
import { shareGift } from '../share-gift';
import { giftTexts } from '../texts';

type Sharing = { state: 'idle' | 'sharing' | 'sent' } | { state: 'failed'; message: string };

/**
 * «Отправить другу» after a gift: the giver sends a message about it into a chat of
 * their choice. Only where the messenger can share; `action` is for its main button.
 */
export function useGiftSharing(giftId: number | undefined) {
  const [sharing, setSharing] = useState<Sharing>({ state: 'idle' });
  const available = giftId !== undefined && canShare();

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

export type GiftSharingState = ReturnType<typeof useGiftSharing>;
