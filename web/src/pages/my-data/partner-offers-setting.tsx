import { useSetPartnerOffers } from '@/features/privacy/api/set-partner-offers';
import { BotSwitch } from './bot-switch';
import { texts } from './texts';

/**
 * The consent to partners' offers by the bot: advertising, so a consent of its own, off until the
 * person turns it on, taken back as easily.
 */
export function PartnerOffersSetting({ enabled }: { enabled: boolean }) {
  return (
    <BotSwitch
      title={texts.partnerOffers}
      label={texts.partnerOffersLabel}
      notes={{ on: texts.partnerOffersOn, off: texts.partnerOffersOff }}
      enabled={enabled}
      save={useSetPartnerOffers()}
    />
  );
}
