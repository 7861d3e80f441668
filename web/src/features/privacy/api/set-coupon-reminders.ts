import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCouponRemindersSetting } from '#contract/privacy';
import { api } from '@/lib/api';
import { getMyDataQueryOptions } from './get-my-data';

/** Turns the bot's reminders (coupons about to expire, gifts coming back) on or off (204). */
export const setCouponReminders = (setting: TCouponRemindersSetting) =>
  api.put<void>('/api/me/coupon-reminders', { body: setting });

export const useSetCouponReminders = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCouponReminders,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getMyDataQueryOptions().queryKey }),
  });
};
