import { vibrateFor as telegramVibrate } from '@/telegram/haptics';
import { ofLaunch } from './messenger-of-launch';

/**
 * The phone's buzz for an outcome: success for a redeemed coupon, a sent gift and a paid purchase,
 * error for a refusal. Nothing where the messenger's client has no haptics.
 */
export const vibrateFor = (outcome: 'success' | 'error'): void =>
  ofLaunch({ telegram: telegramVibrate, max: (max) => max.vibrateFor })(outcome);
