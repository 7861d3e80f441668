import { useSetQrPhotos } from '@/features/privacy/api/set-qr-photos';
import { BotSwitch } from './bot-switch';
import { texts } from './texts';

/** Whether the bot sends each new QR as a photo into its chat. */
export function QrPhotosSetting({ enabled }: { enabled: boolean }) {
  return (
    <BotSwitch
      title={texts.qrPhotos}
      label={texts.qrPhotosLabel}
      notes={{ on: texts.qrPhotosOn, off: texts.qrPhotosOff }}
      enabled={enabled}
      save={useSetQrPhotos()}
    />
  );
}
