import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import type { GiftSharingState } from '../hooks/use-gift-sharing';
import { giftTexts } from '../texts';

type GiftSharingProps = {
  sharing: GiftSharingState;
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
