import { CheckboxField } from '@/components/ui/checkbox-field';
import { Notice } from '@/components/ui/notice';
import { Section } from '@/components/ui/section';
import { useSetQrPhotos } from '@/features/privacy/api/set-qr-photos';
import { errorMessage } from '@/lib/api-client';
import { texts } from './texts';

/**
 * Whether the bot sends each new QR as a photo into its chat. The box shows the choice being saved
 * while it is, and the server's once it answers.
 */
export function QrPhotosSetting({ enabled }: { enabled: boolean }) {
  const save = useSetQrPhotos();
  const shown = save.isPending ? save.variables.enabled : enabled;
  return (
    <Section title={texts.qrPhotos}>
      <CheckboxField
        label={texts.qrPhotosLabel}
        checked={shown}
        note={shown ? texts.qrPhotosOn : texts.qrPhotosOff}
        onChange={(checked) => {
          if (!save.isPending) save.mutate({ enabled: checked });
        }}
      />
      {save.isError && <Notice tone="error">{errorMessage(save.error)}</Notice>}
    </Section>
  );
}
