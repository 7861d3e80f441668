import type { TPartnerOffersSetting } from '#contract/privacy';
import { api } from '@/lib/api';
import { useMyDataSwitch } from './set-my-data-switch';

/** The consent to partners' offers by the bot, given or taken back (204, no body). */
export const setPartnerOffers = (setting: TPartnerOffersSetting) =>
  api.put<void>('/api/me/partner-offers', { body: setting });

export const useSetPartnerOffers = () =>
  useMyDataSwitch(setPartnerOffers, (user, { enabled }) => ({
    ...user,
    partnerOffersSince: enabled ? (user.partnerOffersSince ?? new Date().toISOString()) : null,
  }));
