import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { type ParsedCouponQr, parseCouponQr } from '#contract/coupon-qr';
import type { TScannedCoupon } from '#contract/redemption';
import { scannedCouponKeys } from '@/lib/query-keys';
import { type QrScan, qrReader } from '@/messenger/qr-reader';
import type { BrowserQrScanOutcome, CameraProblem } from '../browser-qr-scanner';
import { loadQrDecoder } from '../qr-decoder';

/** A QR as read: its text (what the signature covers) and its fields. */
export type Scan = { text: string; qr: ParsedCouponQr };

/** What scanning says, in the words of the screen that scans (its texts.ts). */
export type QrScanTexts = {
  cameraPrompt: string;
  cameraFailed: string;
  cameraProblems: Record<CameraProblem, string>;
  notAnImage: string;
  noQrInImage: string;
  imageUnreadable: string;
  noDecoder: string;
  /** The QR of the coupon this screen has just redeemed, read again as it stays before the camera. */
  justRedeemed: string;
};

/** How long a coupon redeemed here is taken for the one still before the camera, not a new scan. */
const JUST_REDEEMED_MS = 10_000;

export type ScanMode = 'camera' | 'file';
/** Which camera scans: the messenger's reader, or the page's own where the messenger has none. */
export type ScanCamera = 'messenger' | 'browser';

/**
 * A QR's text from a picture, or what went wrong. A decoder that could not be fetched (no signal,
 * and the screen never opened with one) is told apart: the picture is not to blame.
 */
async function readQrFile(file: File, texts: QrScanTexts): Promise<{ text: string } | { problem: string }> {
  let decoder: Awaited<ReturnType<typeof loadQrDecoder>>;
  try {
    decoder = await loadQrDecoder();
  } catch (error) {
    console.error('The QR decoder could not be loaded', error);
    return { problem: texts.noDecoder };
  }
  try {
    const text = await decoder.decodeQrImage(file);
    return text ? { text } : { problem: texts.noQrInImage };
  } catch (error) {
    console.error('Could not read the QR image', error);
    return { problem: texts.imageUnreadable };
  }
}

/**
 * Reading a coupon's QR three ways: the messenger's reader, the page's own camera where the
 * messenger has none, or a picture. `scanId` changes with every QR read, so what shows a scan starts afresh.
 */
export function useQrScan(texts: QrScanTexts) {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<ScanMode>();
  const [camera, setCamera] = useState<ScanCamera>();
  const [decoding, setDecoding] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [scanned, setScanned] = useState<{ id: number; scan: Scan }>();
  const scansRead = useRef(0);
  /** The last QR read, kept past `startAfresh`: the next scan is compared with it. */
  const lastScan = useRef<Scan | undefined>(undefined);
  const cameraScanning = camera !== undefined;

  const startAfresh = () => {
    setScanned(undefined);
    setProblem(undefined);
    setNotice(undefined);
  };

  /** The last scan's coupon, redeemed by this screen a moment ago (its card says so still). */
  const justRedeemedHere = (token: string) => {
    if (lastScan.current?.qr.token !== token) return false;
    const live = queryClient.getQueryData<TScannedCoupon>(scannedCouponKeys.of(token));
    return (
      live?.status === 'USED' &&
      live.canUndo &&
      live.redeemedAt !== null &&
      Date.now() - Date.parse(live.redeemedAt) < JUST_REDEEMED_MS
    );
  };

  const acceptScan = (text: string) => {
    const qr = parseCouponQr(text);
    // The QR just redeemed, still before the camera: its card stays, and the partner is told why
    // nothing new came, not alarmed that it is used.
    if (qr.token && justRedeemedHere(qr.token)) {
      setNotice(texts.justRedeemed);
      return;
    }
    // A second scan of the same QR asks the server afresh.
    if (qr.token) queryClient.removeQueries({ queryKey: scannedCouponKeys.of(qr.token) });
    scansRead.current += 1;
    lastScan.current = { text, qr };
    setScanned({ id: scansRead.current, scan: lastScan.current });
  };

  const cameraScan = useRef<QrScan | undefined>(undefined);
  // The browser camera stops by itself when its preview unmounts, which `setCamera` brings about.
  const stopCamera = () => {
    cameraScan.current?.stop();
    cameraScan.current = undefined;
    setCamera(undefined);
  };

  /**
   * `next`: the next in a row, after a card is done with; its card stays until the next QR is read,
   * for it may be the one still before the camera.
   */
  const scanWithCamera = async (next = false) => {
    if (cameraScan.current) return;
    if (next) {
      setProblem(undefined);
      setNotice(undefined);
    } else startAfresh();
    setMode('camera');
    const reader = qrReader();
    if (!reader) {
      setCamera('browser');
      return;
    }
    let scan: QrScan;
    try {
      scan = reader.scan(texts.cameraPrompt);
    } catch (error) {
      console.error('The messenger refused to open its QR reader', error);
      setProblem(texts.cameraFailed);
      return;
    }
    cameraScan.current = scan;
    setCamera('messenger');
    const text = await scan.result;
    // A scan stopped by the partner's turn to the file mode has nothing more to say.
    if (cameraScan.current !== scan) return;
    cameraScan.current = undefined;
    setCamera(undefined);
    if (text) acceptScan(text);
  };

  const finishBrowserScan = (outcome: BrowserQrScanOutcome) => {
    setCamera(undefined);
    if ('text' in outcome) acceptScan(outcome.text);
    else setProblem(texts.cameraProblems[outcome.problem]);
  };

  useEffect(() => () => cameraScan.current?.stop(), []);

  const chooseFileMode = () => {
    // Some clients take the reader's request but never show it (Telegram Web): the file stays a way out.
    stopCamera();
    startAfresh();
    setMode('file');
  };

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Cleared so that choosing the same picture again is a change too.
    input.value = '';
    if (!file || cameraScanning || decoding) return;
    startAfresh();
    // Some Android pickers give no type at all; the decoder decides for those.
    if (file.type && !file.type.startsWith('image/')) {
      setProblem(texts.notAnImage);
      return;
    }
    setDecoding(true);
    const read = await readQrFile(file, texts);
    setDecoding(false);
    if ('text' in read) acceptScan(read.text);
    else setProblem(read.problem);
  };

  return {
    mode,
    camera,
    cameraScanning,
    decoding,
    problem,
    notice,
    scanned: scanned?.scan,
    scanId: scanned?.id,
    scanWithCamera,
    finishBrowserScan,
    stopCamera,
    chooseFileMode,
    readFile,
  };
}
