import { CheckboxField } from '@/components/ui/checkbox-field';
import { Section } from '@/components/ui/section';
import { useSetCouponReminders } from '@/features/privacy/api/set-coupon-reminders';
import { errorMessage } from '@/lib/api-client';
import { texts } from './texts';

/** The bot's reminders, on or off: the same switch as «Не напоминать» under a reminder. */
export function CouponReminders({ on }: { on: boolean }) {
  const change = useSetCouponReminders();
  // While the change is on its way the box shows what the person chose.
  const checked = change.isPending && change.variables ? change.variables.on : on;
  return (
    <Section title={texts.reminders}>
      <CheckboxField
        label={texts.remindersLabel}
        checked={checked}
        onChange={(value) => change.mutate({ on: value })}
        note={texts.remindersNote}
        error={change.isError ? errorMessage(change.error) : undefined}
      />
    </Section>
  );
}
