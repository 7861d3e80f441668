import { CheckboxField } from '@/components/ui/checkbox-field';
import { Notice } from '@/components/ui/notice';
import { Section } from '@/components/ui/section';
import { useSetQrPhotos } from '@/features/privacy/api/set-qr-photos';
import { errorMessage } from '@/lib/api-client';
import { texts } from './texts';
import { useShownChoice } from './use-shown-choice';

/** Whether the bot sends each new QR as a photo into its chat; the box shows the choice at once. */
export function QrPhotosSetting({ enabled }: { enabled: boolean }) {
  const save = useSetQrPhotos();
  const [shown, show] = useShownChoice(enabled);
  return (
    <Section title={texts.qrPhotos}>
      <CheckboxField
        label={texts.qrPhotosLabel}
        checked={shown}
        note={shown ? texts.qrPhotosOn : texts.qrPhotosOff}
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
