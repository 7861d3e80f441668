import type { UseMutationResult } from '@tanstack/react-query';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Notice } from '@/components/ui/notice';
import { Section } from '@/components/ui/section';
import { errorMessage } from '@/lib/api-client';
import { useShownChoice } from './use-shown-choice';

type BotSwitchProps = {
  title: string;
  label: string;
  /** The note under the box, as it stands: on, or off. */
  notes: { on: string; off: string };
  enabled: boolean;
  save: UseMutationResult<void, Error, { enabled: boolean }, unknown>;
};

/** One of «Мои данные»'s switches of what the bot sends: the box shows the choice at once, a refusal puts it back. */
export function BotSwitch({ title, label, notes, enabled, save }: BotSwitchProps) {
  const [shown, show] = useShownChoice(enabled);
  return (
    <Section title={title}>
      <CheckboxField
        label={label}
        checked={shown}
        note={shown ? notes.on : notes.off}
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
