import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { type ParsedCouponQr, parseCouponQr } from '#contract/coupon-qr';
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
};

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
  const [scanned, setScanned] = useState<{ id: number; scan: Scan }>();
  const scansRead = useRef(0);
  const cameraScanning = camera !== undefined;

  const startAfresh = () => {
    setScanned(undefined);
    setProblem(undefined);
  };

  const acceptScan = (text: string) => {
    const qr = parseCouponQr(text);
    // A second scan of the same QR asks the server afresh.
    if (qr.token) queryClient.removeQueries({ queryKey: scannedCouponKeys.of(qr.token) });
    scansRead.current += 1;
    setScanned({ id: scansRead.current, scan: { text, qr } });
  };

  const cameraScan = useRef<QrScan | undefined>(undefined);
  // The browser camera stops by itself when its preview unmounts, which `setCamera` brings about.
  const stopCamera = () => {
    cameraScan.current?.stop();
    cameraScan.current = undefined;
    setCamera(undefined);
  };

  const scanWithCamera = async () => {
    if (cameraScan.current) return;
    startAfresh();
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
    scanned: scanned?.scan,
    scanId: scanned?.id,
    scanWithCamera,
    finishBrowserScan,
    stopCamera,
    chooseFileMode,
    readFile,
  };
}
