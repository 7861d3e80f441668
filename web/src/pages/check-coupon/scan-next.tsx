import { Button } from '@/components/ui/button';
import type { BottomButtonAction } from '@/messenger/use-main-button';
import { texts } from './texts';

/**
 * Once a coupon is redeemed or refused, the next one is a tap away: inside Telegram on its main
 * button, which opens the QR popup again as «Камера» does, so a queue of buyers is scanned in a row.
 */
export const scanNextAction = (onScanNext: () => void): BottomButtonAction => ({
  text: texts.scanNext,
  onClick: onScanNext,
});

/** The same where Telegram draws no main button. */
export function ScanNextButton({ onScanNext }: { onScanNext: () => void }) {
  return <Button onClick={onScanNext}>{texts.scanNext}</Button>;
}
