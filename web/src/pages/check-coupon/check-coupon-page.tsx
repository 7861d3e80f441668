import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { type ParsedCouponQr, parseCouponQr } from '#contract/coupon-qr';
import type { TScannedCoupon } from '#contract/redemption';
import { Header } from '@/components/layout/header';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Section } from '@/components/ui/section';
import { Spinner } from '@/components/ui/spinner';
import { Stack } from '@/components/ui/stack';
import { getScannedCouponQueryOptions } from '@/features/redemption/api/get-scanned-coupon';
import { redeemCoupon } from '@/features/redemption/api/redeem-coupon';
import { undoRedemption } from '@/features/redemption/api/undo-redemption';
import type { BrowserQrScanOutcome } from '@/features/redemption/browser-qr-scanner';
import { CameraPreview } from '@/features/redemption/components/camera-preview';
import {
  isTelegramQrScannerAvailable,
  scanWithTelegram,
  type TelegramQrScan,
} from '@/features/redemption/telegram-qr-scanner';
import { useUser } from '@/features/session/api/get-me';
import { RoleGate } from '@/features/session/components/role-gate';
import { isPartnerOrAdmin } from '@/features/session/user-state';
import { ApiError } from '@/lib/api-client';
import { Page } from '@/telegram/page';
import { couponRows } from './coupon-rows';
import './check-coupon-page.css';
import { texts } from './texts';

type Mode = 'camera' | 'file';
/** Which camera scans: Telegram's popup, or the page's own where Telegram has none. */
type Camera = 'telegram' | 'browser';

// zxing-wasm (and its .wasm) is fetched only when a partner picks the file mode (or, from the
// scanner, the browser camera) on this screen.
const loadImageDecoder = () => import('@/features/redemption/decode-qr-image');

const smoothlyIntoView = (element: HTMLElement | null) =>
  element?.scrollIntoView({ behavior: 'smooth', block: 'center' });

/** Check coupon (SPEC §2 Check coupon, §4 Redeem): partners scan a buyer's QR and redeem it. */
export function CheckCouponPage() {
  return (
    <Page>
      <Header title={texts.title} />
      <Stack>
        <RoleGate allows={isPartnerOrAdmin} refusal={texts.partnersOnly}>
          <CheckCoupon />
        </RoleGate>
      </Stack>
    </Page>
  );
}

function CheckCoupon() {
  const partnerUsername = useUser()?.username;
  const queryClient = useQueryClient();

  const [mode, setMode] = useState<Mode>();
  const [camera, setCamera] = useState<Camera>();
  const cameraScanning = camera !== undefined;
  const [decoding, setDecoding] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [scanned, setScanned] = useState<ParsedCouponQr>();
  const [confirmingUndo, setConfirmingUndo] = useState(false);

  const token = scanned?.token;
  const live = useQuery(getScannedCouponQueryOptions(token));
  const liveKey = getScannedCouponQueryOptions(token).queryKey;
  const updateLive = (change: Partial<TScannedCoupon>) =>
    queryClient.setQueryData(liveKey, (current) => current && { ...current, ...change });

  const redeem = useMutation({
    mutationFn: redeemCoupon,
    onMutate: () => undo.reset(),
    onSuccess: (outcome) => {
      // SPEC §4: a redeemed coupon is USED at once; a refused one is asked about again.
      if (outcome === 'apply') updateLive({ status: 'USED', canUndo: true });
      else void queryClient.invalidateQueries({ queryKey: liveKey });
    },
  });
  // SPEC §2: one redeem attempt per scan, counted at the tap (a double tap comes before the re-render).
  const redeemAttempted = useRef(false);
  const redeemOnce = (qrToken: string) => {
    if (!partnerUsername || redeemAttempted.current) return;
    redeemAttempted.current = true;
    redeem.mutate({ qrToken, partnerUsername });
  };
  const undo = useMutation({
    mutationFn: undoRedemption,
    onSuccess: () => {
      updateLive({ status: 'NOT_USED', canUndo: false });
      redeemAttempted.current = false;
      redeem.reset();
    },
    onSettled: () => setConfirmingUndo(false),
  });

  const resetResult = () => {
    setScanned(undefined);
    setProblem(undefined);
    setConfirmingUndo(false);
    redeemAttempted.current = false;
    redeem.reset();
    undo.reset();
  };

  const acceptScan = (text: string) => {
    const parsed = parseCouponQr(text);
    // A second scan of the same QR asks the server afresh.
    if (parsed.token)
      queryClient.removeQueries({ queryKey: getScannedCouponQueryOptions(parsed.token).queryKey });
    setScanned(parsed);
  };

  const cameraScan = useRef<TelegramQrScan | undefined>(undefined);
  // The browser camera stops by itself when its preview unmounts, which `setCamera` brings about.
  const stopCameraScan = () => {
    cameraScan.current?.stop();
    cameraScan.current = undefined;
    setCamera(undefined);
  };

  const scanWithCamera = async () => {
    if (cameraScan.current) return;
    resetResult();
    setMode('camera');
    if (!isTelegramQrScannerAvailable()) {
      setCamera('browser');
      return;
    }
    let scan: TelegramQrScan;
    try {
      scan = scanWithTelegram(texts.cameraPrompt);
    } catch (error) {
      console.error('Telegram refused to open the QR popup', error);
      setProblem(texts.cameraFailed);
      return;
    }
    cameraScan.current = scan;
    setCamera('telegram');
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
    // Some clients take the popup request but never show it (Telegram Web): the file stays a way out.
    stopCameraScan();
    resetResult();
    setMode('file');
    void loadImageDecoder();
  };

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Cleared so that choosing the same picture again is a change too.
    input.value = '';
    if (!file || cameraScanning || decoding) return;
    resetResult();
    // Some Android pickers give no type at all; the decoder decides for those.
    if (file.type && !file.type.startsWith('image/')) {
      setProblem(texts.notAnImage);
      return;
    }
    setDecoding(true);
    try {
      const { decodeQrImage } = await loadImageDecoder();
      const text = await decodeQrImage(file);
      if (text) acceptScan(text);
      else setProblem(texts.noQrInImage);
    } catch (error) {
      console.error('Could not read the QR image', error);
      setProblem(texts.imageUnreadable);
    } finally {
      setDecoding(false);
    }
  };

  const uploadArea = useRef<HTMLDivElement>(null);
  const redeemButton = useRef<HTMLButtonElement>(null);
  const showRedeem = live.data?.status === 'NOT_USED';
  useEffect(() => {
    if (mode === 'file') smoothlyIntoView(uploadArea.current);
  }, [mode]);
  useEffect(() => {
    if (showRedeem) smoothlyIntoView(redeemButton.current);
  }, [showRedeem]);

  const liveFailure = live.error;
  const refusedByServer =
    liveFailure instanceof ApiError && (liveFailure.status === 403 || liveFailure.status === 404);

  return (
    <>
      <h2 className="check-coupon__heading">{texts.signedInAsPartner}</h2>
      <Section title={texts.scanSection}>
        <div className="check-coupon__modes">
          <Button
            variant={mode === 'camera' ? 'primary' : 'secondary'}
            onClick={scanWithCamera}
            disabled={cameraScanning}
            aria-pressed={mode === 'camera'}
          >
            {texts.camera}
          </Button>
          <Button
            variant={mode === 'file' ? 'primary' : 'secondary'}
            onClick={chooseFileMode}
            aria-pressed={mode === 'file'}
          >
            {texts.uploadFile}
          </Button>
        </div>
        {camera === 'browser' && (
          <div className="check-coupon__camera">
            <CameraPreview label={texts.cameraPrompt} onOutcome={finishBrowserScan} />
            <p className="check-coupon__camera-prompt">{texts.cameraPrompt}</p>
            <Button variant="secondary" onClick={stopCameraScan}>
              {texts.stopCamera}
            </Button>
          </div>
        )}
        {mode === 'file' && (
          <div className="check-coupon__upload" ref={uploadArea}>
            <p className="check-coupon__upload-title">{texts.uploadImage}</p>
            <label className="check-coupon__picker" data-busy={decoding || undefined}>
              <input
                className="check-coupon__file"
                type="file"
                accept="image/*"
                onChange={readFile}
                disabled={cameraScanning || decoding}
              />
              {decoding ? (
                <Spinner label={texts.reading} />
              ) : (
                <>
                  <span className="check-coupon__picker-label">{texts.chooseQr}</span>
                  <span className="check-coupon__picker-hint">{texts.chooseQrHint}</span>
                </>
              )}
            </label>
          </div>
        )}
        {problem && <Notice tone="error">{problem}</Notice>}
      </Section>

      {scanned && (
        <Section title={texts.scannedSection}>
          {scanned.fields.length > 0 && (
            <dl className="check-coupon__fields">
              {couponRows(scanned.fields, live.data).map((row) => (
                <div className="check-coupon__field" key={row.key}>
                  <dt>{row.label}</dt>
                  <dd data-status={row.key === 'status' ? live.data?.status : undefined}>{row.value}</dd>
                </div>
              ))}
            </dl>
          )}
          {!token && (
            <Notice tone="error" detail={texts.notOurQr}>
              {texts.invalid}
            </Notice>
          )}
          {live.isFetching && !live.data && <Spinner label={texts.checking} />}
          {liveFailure &&
            (refusedByServer ? (
              <Notice tone="error" detail={liveFailure.message}>
                {texts.invalid}
              </Notice>
            ) : (
              <Notice tone="error">{liveFailure.message}</Notice>
            ))}
          {showRedeem && token && (
            <Button
              ref={redeemButton}
              disabled={!partnerUsername || !redeem.isIdle}
              pressed={redeem.isPending}
              onClick={() => redeemOnce(token)}
            >
              {redeem.isPending ? <Spinner label={texts.redeeming} /> : texts.redeem}
            </Button>
          )}
          {redeem.data && (
            <Notice tone={redeem.data === 'apply' ? 'success' : 'error'}>
              {redeem.data === 'apply' ? texts.redeemed : texts.invalid}
            </Notice>
          )}
          {redeem.error && <Notice tone="error">{redeem.error.message}</Notice>}
          {undo.isSuccess && <Notice tone="success">{texts.undone}</Notice>}
          {undo.error && <Notice tone="error">{undo.error.message}</Notice>}
          {live.data?.canUndo &&
            token &&
            (confirmingUndo ? (
              <div className="check-coupon__confirm">
                <p>{texts.undoQuestion}</p>
                <div className="check-coupon__modes">
                  <Button
                    onClick={() => undo.mutate(token)}
                    disabled={undo.isPending}
                    pressed={undo.isPending}
                  >
                    {texts.undoConfirm}
                  </Button>
                  <Button variant="secondary" onClick={() => setConfirmingUndo(false)}>
                    {texts.undoCancel}
                  </Button>
                </div>
              </div>
            ) : (
              <Button variant="secondary" onClick={() => setConfirmingUndo(true)}>
                {texts.undo}
              </Button>
            ))}
        </Section>
      )}
    </>
  );
}
