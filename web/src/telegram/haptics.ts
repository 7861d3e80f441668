import { hapticFeedback } from '@telegram-apps/sdk-react';

/**
 * The phone's buzz for an outcome: success for a redeemed coupon, a sent gift and a paid purchase,
 * error for a refusal. Nothing where the client has no haptics (a plain browser).
 */
export function vibrateFor(outcome: 'success' | 'error'): void {
  hapticFeedback.notificationOccurred.ifAvailable(outcome);
}
