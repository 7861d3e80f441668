import { loadQrDecoder, QrDecoderMissing } from './qr-decoder';

/** SPEC §9 (QR scanner): the camera has 6 s to start, then 500 ms to settle before the first read. */
const START_TIMEOUT_MS = 6000;
const SETTLE_MS = 500;
/** How long an unanswered permission prompt may hold the start time-out back. */
const PROMPT_WAIT_MAX_MS = 60_000;
/** SPEC §9: 2 frames per second. */
const FRAME_INTERVAL_MS = 1000 / 2;
/** The scan box's side as a share of the square preview; SPEC §9 wants it no smaller than 50 px. */
export const SCAN_BOX_SHARE = 0.7;
export const MIN_SCAN_BOX_PX = 50;

export type CameraProblem =
  | 'insecure'
  | 'unsupported'
  | 'denied'
  | 'noCamera'
  | 'timeout'
  | 'noDecoder'
  | 'failed';
export type BrowserQrScanOutcome = { text: string } | { problem: CameraProblem };

export type BrowserQrScan = {
  /** The first code read or the reason there is none; undefined when `stop` came first. */
  result: Promise<BrowserQrScanOutcome | undefined>;
  /** Turns the camera off (every track stopped), whatever state the scan is in. */
  stop: () => void;
};

/** Waits `ms`, or less when the scan stops: nothing is left scheduled after a stop. */
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const wake = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', wake);
      resolve();
    };
    const timer = setTimeout(wake, ms);
    signal.addEventListener('abort', wake);
  });

/**
 * Resolves once the partner has answered the browser's camera prompt: the 6 s start time-out is
 * the camera's, not the partner's reading time. At once where no prompt is open or the browser
 * cannot tell (no Permissions API, or no 'camera' in it); a prompt nobody answers holds it back
 * for at most a minute, since some WebViews never report the answer.
 */
async function cameraPromptAnswered(signal: AbortSignal): Promise<void> {
  let status: PermissionStatus;
  try {
    status = await navigator.permissions.query({ name: 'camera' as PermissionName });
  } catch {
    return;
  }
  if (status.state !== 'prompt') return;
  const answered = new Promise<void>((resolve) => {
    status.addEventListener('change', () => resolve(), { once: true, signal });
  });
  await Promise.race([answered, sleep(PROMPT_WAIT_MAX_MS, signal)]);
}

function problemOf(error: unknown): CameraProblem {
  const name = error instanceof DOMException ? error.name : undefined;
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError') return 'noCamera';
  if (error instanceof QrDecoderMissing) return 'noDecoder';
  // A busy camera, a decoder that did not load: nothing the partner can fix by settings.
  console.error('The browser camera scan failed', error);
  return 'failed';
}

/** The scan box (the centre of the frame, as the square preview crops it) as pixels to decode. */
function grabScanBox(video: HTMLVideoElement, canvas: HTMLCanvasElement): ImageData | undefined {
  const { videoWidth, videoHeight } = video;
  if (!videoWidth || !videoHeight) return undefined;
  const side = Math.round(Math.min(videoWidth, videoHeight) * SCAN_BOX_SHARE);
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('No 2D canvas to read camera frames from');
  context.drawImage(video, (videoWidth - side) / 2, (videoHeight - side) / 2, side, side, 0, 0, side, side);
  return context.getImageData(0, 0, side, side);
}

/**
 * Scans with the page's own camera (rear by default) into `video`, for where Telegram's scan popup
 * is missing. Stops the camera after the first read or the first problem.
 */
export function scanWithBrowserCamera(video: HTMLVideoElement): BrowserQrScan {
  const stopping = new AbortController();
  const { signal } = stopping;
  let stream: MediaStream | undefined;
  const release = () => {
    stopping.abort();
    for (const track of stream?.getTracks() ?? []) track.stop();
    video.srcObject = null;
  };

  const start = async () => {
    stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
    // The camera came after a stop or the time-out: nobody waits for it any more.
    if (signal.aborted) return release();
    video.srcObject = stream;
    await video.play();
  };

  const read = async (): Promise<BrowserQrScanOutcome | undefined> => {
    if (!window.isSecureContext) return { problem: 'insecure' };
    if (!navigator.mediaDevices?.getUserMedia) return { problem: 'unsupported' };
    try {
      const timedOut = await Promise.race([
        start().then(() => false),
        cameraPromptAnswered(signal)
          .then(() => sleep(START_TIMEOUT_MS, signal))
          .then(() => true),
      ]);
      if (signal.aborted) return undefined;
      if (timedOut) return { problem: 'timeout' };
      const [{ decodeQrImage }] = await Promise.all([loadQrDecoder(), sleep(SETTLE_MS, signal)]);
      const canvas = document.createElement('canvas');
      while (!signal.aborted) {
        const frame = grabScanBox(video, canvas);
        const text = frame && (await decodeQrImage(frame));
        if (text && !signal.aborted) return { text };
        await sleep(FRAME_INTERVAL_MS, signal);
      }
      return undefined;
    } catch (error) {
      return signal.aborted ? undefined : { problem: problemOf(error) };
    } finally {
      release();
    }
  };

  let stoppedFromOutside = false;
  return {
    result: read().then((outcome) => (stoppedFromOutside ? undefined : outcome)),
    stop: () => {
      stoppedFromOutside = true;
      release();
    },
  };
}
