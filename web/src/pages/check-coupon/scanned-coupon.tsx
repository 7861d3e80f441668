import { useEffect, useRef, useState } from 'react';
import type { ParsedCouponQr } from '#contract/coupon-qr';
import { Button } from '@/components/ui/button';
import { ConfirmStep } from '@/components/ui/confirm-step';
import { Notice } from '@/components/ui/notice';
import { Section } from '@/components/ui/section';
import { Spinner } from '@/components/ui/spinner';
import type { RedeemOutcome } from '@/features/redemption/api/redeem-coupon';
import { type CouponNow, useCouponNow } from '@/features/redemption/hooks/use-coupon-now';
import type { Scan } from '@/features/redemption/hooks/use-qr-scan';
import { useRedemption } from '@/features/redemption/hooks/use-redemption';
import { useOfflineState } from '@/features/redemption/offline/use-offline-state';
import { useUser } from '@/features/session/api/get-me';
import { useClock } from '@/hooks/use-clock';
import { ApiError } from '@/lib/api-client';
import { useMainButton } from '@/messenger/use-main-button';
import { liveAlarm, refusedAlarm } from './alarms';
import { CouponAlarm } from './coupon-alarm';
import { CouponFields } from './coupon-fields';
import { OfflineCoupon } from './offline-coupon';
import { ScanNextButton, scanNextAction } from './scan-next';
import { smoothlyIntoView } from './smoothly-into-view';
import { texts } from './texts';

const redeemOutcomeTexts: Record<RedeemOutcome, string> = {
  apply: texts.redeemed,
  not_apply: texts.invalid,
  expired: texts.expired,
};

/**
 * One scanned QR (SPEC §2 «Отсканированный QR», §4 Redeem): its fields with the live status, one
 * redeem attempt and the undo, or an alarm when it cannot be redeemed; with no signal, checked and
 * redeemed on the device. Once it is done with, the next scan is one tap away. Keyed by the scan,
 * so a new scan starts it afresh.
 */
export function ScannedCoupon({ scan, onScanNext }: { scan: Scan; onScanNext: () => void }) {
  const { token, fields } = scan.qr;
  const owner = useUser()?.username ?? undefined;
  const now = useCouponNow(token);
  const { refused } = useOfflineState();
  const [redeemedOffline, setRedeemedOffline] = useState(false);
  const didNotStand = refused.some((item) => item.qrToken === token);

  return (
    <Section title={texts.scannedSection}>
      {now.offline && token && owner ? (
        <OfflineCoupon
          text={scan.text}
          token={token}
          fields={fields}
          owner={owner}
          redeemed={redeemedOffline}
          onRedeemed={() => setRedeemedOffline(true)}
          onScanNext={onScanNext}
        />
      ) : (
        <OnlineCoupon
          qr={scan.qr}
          now={now}
          redeemedHere={redeemedOffline && !didNotStand}
          onScanNext={onScanNext}
        />
      )}
    </Section>
  );
}

function OnlineCoupon(props: {
  qr: ParsedCouponQr;
  now: CouponNow;
  /** This card redeemed it with no signal, and the server took it. */
  redeemedHere: boolean;
  onScanNext: () => void;
}) {
  const { qr, now, redeemedHere, onScanNext } = props;
  const { token } = qr;
  const redemption = useRedemption(token, useUser()?.username ?? undefined);
  const clock = useClock();
  const live = now.data;

  const redeemButton = useRef<HTMLButtonElement>(null);
  const showRedeem = !!token && live?.status === 'NOT_USED';
  useEffect(() => {
    if (showRedeem) smoothlyIntoView(redeemButton.current);
  }, [showRedeem]);

  const failure = now.error;
  const refusedByServer = failure instanceof ApiError && (failure.status === 403 || failure.status === 404);
  // What this card redeemed (or is redeeming: the answer turns USED a moment before the outcome
  // comes) is a success, not an alarm, until an undo or a new scan.
  const redeemedNow = redemption.outcome === 'apply' || redemption.redeeming || redeemedHere;
  const alarm = !token
    ? refusedAlarm(texts.notOurQr)
    : refusedByServer
      ? refusedAlarm(failure.message)
      : live && !redeemedNow
        ? liveAlarm(live, clock)
        : undefined;
  const done = !!alarm || (redeemedNow && live?.status !== 'NOT_USED');

  const mainAction = showRedeem
    ? {
        text: texts.redeem,
        onClick: redemption.redeem,
        enabled: redemption.mayRedeem,
        loading: redemption.redeeming,
      }
    : done
      ? scanNextAction(onScanNext)
      : undefined;
  const onTelegram = useMainButton(mainAction);

  return (
    <>
      {alarm && <CouponAlarm alarm={alarm} />}
      <CouponFields fields={qr.fields} live={live} />
      {now.checking && !live && <Spinner label={texts.checking} />}
      {failure && !refusedByServer && <Notice tone="error">{failure.message}</Notice>}
      {showRedeem && !onTelegram && (
        <Button
          busy={redemption.redeeming && texts.redeeming}
          ref={redeemButton}
          disabled={!redemption.mayRedeem}
          onClick={redemption.redeem}
        >
          {texts.redeem}
        </Button>
      )}
      {redemption.outcome && !alarm && (
        <Notice tone={redemption.outcome === 'apply' ? 'success' : 'error'}>
          {redeemOutcomeTexts[redemption.outcome]}
        </Notice>
      )}
      {redemption.redeemError && <Notice tone="error">{redemption.redeemError.message}</Notice>}
      {redemption.undone && <Notice tone="success">{texts.undone}</Notice>}
      {redemption.undoError && <Notice tone="error">{redemption.undoError.message}</Notice>}
      {live?.canUndo &&
        (redemption.confirmingUndo ? (
          <ConfirmStep
            question={texts.undoQuestion}
            detail={texts.undoDetail}
            confirm={texts.undoConfirm}
            cancel={texts.undoCancel}
            pending={redemption.undoing}
            onConfirm={redemption.undo}
            onCancel={redemption.keep}
          />
        ) : (
          <Button variant="secondary" onClick={redemption.askUndo}>
            {texts.undo}
          </Button>
        ))}
      {done && !onTelegram && <ScanNextButton onScanNext={onScanNext} />}
    </>
  );
}
