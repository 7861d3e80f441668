import { CheckboxField } from '@/components/ui/checkbox-field';
import { Section } from '@/components/ui/section';
import { useSetCouponReminders } from '@/features/privacy/api/set-coupon-reminders';
import { errorMessage } from '@/lib/api-client';
import { texts } from './texts';
import { useShownChoice } from './use-shown-choice';

/** The bot's reminders, on or off: the same switch as «Не напоминать» under a reminder. */
export function CouponReminders({ on }: { on: boolean }) {
  const change = useSetCouponReminders();
  const [shown, show] = useShownChoice(on);
  return (
    <Section title={texts.reminders}>
      <CheckboxField
        label={texts.remindersLabel}
        checked={shown}
        onChange={(value) => {
          show(value);
          change.mutate({ on: value }, { onError: () => show(!value) });
        }}
        note={texts.remindersNote}
        error={change.isError ? errorMessage(change.error) : undefined}
      />
    </Section>
  );
}
