import { useEffect, useEffectEvent, useRef } from 'react';
import {
  type BrowserQrScanOutcome,
  MIN_SCAN_BOX_PX,
  SCAN_BOX_SHARE,
  scanWithBrowserCamera,
} from '../browser-qr-scanner';
import './camera-preview.css';

type CameraPreviewProps = {
  /** Names the preview for screen readers. */
  label: string;
  /** The first read or problem; the camera is already off by then. */
  onOutcome: (outcome: BrowserQrScanOutcome) => void;
};

/**
 * The browser camera's preview with its scan box. The camera runs exactly while this is mounted:
 * unmounting it (a read, a problem, «Остановить камеру», the file mode, leaving) turns it off.
 */
export function CameraPreview({ label, onOutcome }: CameraPreviewProps) {
  const video = useRef<HTMLVideoElement>(null);
  const report = useEffectEvent((outcome: BrowserQrScanOutcome | undefined) => {
    if (outcome) onOutcome(outcome);
  });

  useEffect(() => {
    if (!video.current) return;
    const scan = scanWithBrowserCamera(video.current);
    void scan.result.then(report);
    return scan.stop;
  }, []);

  return (
    <div className="camera-preview">
      <video ref={video} className="camera-preview__video" aria-label={label} muted playsInline />
      <div
        className="camera-preview__box"
        style={{ width: `max(${MIN_SCAN_BOX_PX}px, ${SCAN_BOX_SHARE * 100}%)` }}
        aria-hidden="true"
      />
    </div>
  );
}
