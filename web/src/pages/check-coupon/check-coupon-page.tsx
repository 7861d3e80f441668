import { useEffect, useRef } from 'react';
import { Header } from '@/components/layout/header';
import { NoOfflineShellNotice } from '@/components/offline/no-offline-shell-notice';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Section } from '@/components/ui/section';
import { Spinner } from '@/components/ui/spinner';
import { Stack } from '@/components/ui/stack';
import { CameraPreview } from '@/features/redemption/components/camera-preview';
import { useQrScan } from '@/features/redemption/hooks/use-qr-scan';
import { useRedeemedToday } from '@/features/redemption/hooks/use-redeemed-today';
import { refreshKit, sendQueued } from '@/features/redemption/offline/offline-redemptions';
import { prepareScanning } from '@/features/redemption/prepare-scanning';
import { useUser } from '@/features/session/api/get-me';
import { RoleGate } from '@/features/session/components/role-gate';
import { isPartnerStaffOrAdmin } from '@/features/session/user-state';
import { useClock } from '@/hooks/use-clock';
import { Page } from '@/messenger/page';
import './check-coupon-page.css';
import { OfflineQueueStatus } from './offline-queue-status';
import { ScannedCoupon } from './scanned-coupon';
import { smoothlyIntoView } from './smoothly-into-view';
import { texts } from './texts';

/** Check coupon (SPEC §2 Check coupon, §4 Redeem): partners scan a buyer's QR and redeem it. */
export function CheckCouponPage() {
  return (
    <Page>
      <Header title={texts.title} />
      <Stack>
        <RoleGate allows={isPartnerStaffOrAdmin} refusal={texts.partnersOnly}>
          <CheckCoupon />
        </RoleGate>
      </Stack>
    </Page>
  );
}

function CheckCoupon() {
  const user = useUser();
  const signedInAs =
    user?.role === 'admin'
      ? texts.signedInAsAdmin
      : user?.role === 'staff'
        ? texts.signedInAsStaff
        : texts.signedInAsPartner;
  const owner = user?.username ?? undefined;
  const scan = useQrScan(texts);
  const { companies, offline } = useRedeemedToday(useClock().timeZone);

  // Whatever waits is sent, and the kit for checking with no signal refreshed, each time it opens.
  useEffect(() => {
    if (owner) void Promise.all([refreshKit(owner), sendQueued(owner)]);
  }, [owner]);
  // All a scan needs is fetched now, while there may be a signal: losing it later loses nothing.
  useEffect(() => void prepareScanning(), []);
  const { mode, camera, cameraScanning, decoding } = scan;

  const uploadArea = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  // The next scan the way the last was made: a picture after a picture (the picker opens where the
  // tap allows it, and is in view), the camera after the camera. The last result stays till then.
  const scanNext = () => {
    if (mode !== 'file') return void scan.scanWithCamera(true);
    smoothlyIntoView(uploadArea.current);
    fileInput.current?.click();
  };
  useEffect(() => {
    if (mode === 'file') smoothlyIntoView(uploadArea.current);
  }, [mode]);

  return (
    <>
      <h2 className="check-coupon__heading">{signedInAs}</h2>
      {(companies !== undefined || offline > 0) && (
        <div className="check-coupon__today" role="status">
          {companies?.length === 0 && <p>{texts.nothingRedeemedToday}</p>}
          {companies?.map(({ companyName, count }) => (
            <p key={companyName}>{texts.redeemedToday(companyName, count)}</p>
          ))}
          {offline > 0 && <p>{texts.redeemedTodayOffline(offline)}</p>}
        </div>
      )}
      <NoOfflineShellNotice
        screen="check-coupon"
        text={texts.offline.noShell}
        understood={texts.offline.understood}
      />
      {owner && <OfflineQueueStatus owner={owner} />}
      <Section title={texts.scanSection}>
        <div className="check-coupon__modes">
          <Button
            variant={mode === 'camera' ? 'primary' : 'secondary'}
            onClick={() => void scan.scanWithCamera()}
            disabled={cameraScanning}
            aria-pressed={mode === 'camera'}
          >
            {texts.camera}
          </Button>
          <Button
            variant={mode === 'file' ? 'primary' : 'secondary'}
            onClick={scan.chooseFileMode}
            aria-pressed={mode === 'file'}
          >
            {texts.uploadFile}
          </Button>
        </div>
        {camera === 'browser' && (
          <div className="check-coupon__camera">
            <CameraPreview label={texts.cameraPrompt} onOutcome={scan.finishBrowserScan} />
            <p className="check-coupon__camera-prompt">{texts.cameraPrompt}</p>
            <Button variant="secondary" onClick={scan.stopCamera}>
              {texts.stopCamera}
            </Button>
          </div>
        )}
        {mode === 'file' && (
          <div className="check-coupon__upload" ref={uploadArea}>
            <p className="check-coupon__upload-title">{texts.uploadImage}</p>
            <label className="check-coupon__picker" data-busy={decoding || undefined}>
              <input
                ref={fileInput}
                className="check-coupon__file"
                type="file"
                accept="image/*"
                onChange={scan.readFile}
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
        {scan.problem && <Notice tone="error">{scan.problem}</Notice>}
        {scan.notice && <Notice tone="info">{scan.notice}</Notice>}
      </Section>

      {scan.scanned && <ScannedCoupon key={scan.scanId} scan={scan.scanned} onScanNext={scanNext} />}
    </>
  );
}
