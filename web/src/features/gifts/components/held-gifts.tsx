import type { THeldGift } from '#contract/gifts';
import { Notice } from '@/components/ui/notice';
import { Section } from '@/components/ui/section';
import { Spinner } from '@/components/ui/spinner';
import { useClock } from '@/hooks/use-clock';
import { useCancelHeldGift } from '../api/cancel-held-gift';
import { useHeldGifts } from '../api/get-held-gifts';
import { giftTexts } from '../texts';
import './held-gifts.css';

/**
 * The caller's gifts still waiting for their addressee (My QR): whom for and since when, each with
 * its cancel. Nothing at all while none waits.
 */
export function HeldGifts() {
  const { data: held } = useHeldGifts();
  if (!held || held.length === 0) return null;
  return (
    <Section title={giftTexts.heldTitle}>
      <ul className="held-gifts">
        {held.map((gift) => (
          <HeldGiftRow key={gift.giftId} gift={gift} />
        ))}
      </ul>
    </Section>
  );
}

function HeldGiftRow({ gift }: { gift: THeldGift }) {
  const cancel = useCancelHeldGift();
  const clock = useClock();
  return (
    <li className="held-gifts__gift">
      <span className="held-gifts__who">{giftTexts.heldFor(gift.toUsername)}</span>
      <div className="held-gifts__line">
        <span className="held-gifts__since">{giftTexts.heldSince(clock.dateTime(gift.createdAt))}</span>
        <button
          type="button"
          className="held-gifts__cancel"
          aria-label={giftTexts.cancelFor(gift.toUsername)}
          disabled={cancel.isPending}
          onClick={() => cancel.mutate(gift.giftId)}
        >
          {cancel.isPending ? <Spinner label={giftTexts.canceling} /> : giftTexts.cancelShort}
        </button>
      </div>
      {cancel.error && <Notice tone="error">{cancel.error.message}</Notice>}
    </li>
  );
}
