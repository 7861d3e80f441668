import { postEvent } from './bridge';
import { supports } from './protocol';

/**
 * The phone's buzz for an outcome: success for a redeemed coupon, a sent gift and a paid purchase,
 * error for a refusal. Nothing where the client has no haptics (before Mini Apps 6.1, a plain browser).
 */
export function vibrateFor(outcome: 'success' | 'error'): void {
  if (!supports('web_app_trigger_haptic_feedback')) return;
  postEvent('web_app_trigger_haptic_feedback', { type: 'notification', notification_type: outcome });
}
