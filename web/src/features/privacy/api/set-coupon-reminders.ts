import type { TCouponRemindersSetting } from '#contract/privacy';
import { api } from '@/lib/api';
import { useMyDataSwitch } from './set-my-data-switch';

/** Turns the bot's reminders (coupons about to expire, gifts coming back) on or off (204). */
export const setCouponReminders = (setting: TCouponRemindersSetting) =>
  api.put<void>('/api/me/coupon-reminders', { body: setting });

export const useSetCouponReminders = () =>
  useMyDataSwitch(setCouponReminders, (user, { on }) => ({ ...user, couponReminders: on }));
