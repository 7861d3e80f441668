import { CheckboxField } from '@/components/ui/checkbox-field';
import { Notice } from '@/components/ui/notice';
import { Section } from '@/components/ui/section';
import { useSetPartnerOffers } from '@/features/privacy/api/set-partner-offers';
import { errorMessage } from '@/lib/api-client';
import { texts } from './texts';
import { useShownChoice } from './use-shown-choice';

/**
 * The consent to partners' offers by the bot: advertising, so a consent of its own, off until the
 * person turns it on, taken back as easily.
 */
export function PartnerOffersSetting({ enabled }: { enabled: boolean }) {
  const save = useSetPartnerOffers();
  const [shown, show] = useShownChoice(enabled);
  return (
    <Section title={texts.partnerOffers}>
      <CheckboxField
        label={texts.partnerOffersLabel}
        checked={shown}
        note={shown ? texts.partnerOffersOn : texts.partnerOffersOff}
        onChange={(checked) => {
          if (save.isPending) return;
          show(checked);
          save.mutate({ enabled: checked }, { onError: () => show(!checked) });
        }}
      />
      {save.isError && <Notice tone="error">{errorMessage(save.error)}</Notice>}
    </Section>
  );
}
