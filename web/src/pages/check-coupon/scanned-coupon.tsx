import { useEffect, useRef, useState } from 'react';
import type { ParsedCouponQr } from '#contract/coupon-qr';
import { Button } from '@/components/ui/button';
import { ConfirmStep } from '@/components/ui/confirm-step';
import { Notice } from '@/components/ui/notice';
import { Section } from '@/components/ui/section';
import { Spinner } from '@/components/ui/spinner';
import { useScannedCoupon } from '@/features/redemption/api/get-scanned-coupon';
import { type RedeemOutcome, useRedeemCoupon } from '@/features/redemption/api/redeem-coupon';
import { useUndoRedemption } from '@/features/redemption/api/undo-redemption';
import type { Scan } from '@/features/redemption/hooks/use-qr-scan';
import { useIsOnline, useOfflineState } from '@/features/redemption/offline/use-offline-state';
import { useUser } from '@/features/session/api/get-me';
import { useOncePerPress } from '@/hooks/use-once-per-press';
import { ApiError, isNetworkError } from '@/lib/api-client';
import { vibrateFor } from '@/telegram/haptics';
import { useMainButton } from '@/telegram/use-main-button';
import { CouponFields } from './coupon-fields';
import { OfflineCoupon } from './offline-coupon';
import { smoothlyIntoView } from './smoothly-into-view';
import { texts } from './texts';

const redeemOutcomeTexts: Record<RedeemOutcome, string> = {
  apply: texts.redeemed,
  not_apply: texts.invalid,
  expired: texts.expired,
};

/**
 * One scanned QR (SPEC §2 «Отсканированный QR», §4 Redeem): its fields with the live status, one
 * redeem attempt and the undo; with no signal, checked and redeemed on the device. Keyed
 * by the scan, so a new scan starts it afresh.
 */
export function ScannedCoupon({ scan }: { scan: Scan }) {
  const { token, fields } = scan.qr;
  const owner = useUser()?.username ?? undefined;
  const live = useScannedCoupon(token);
  const online = useIsOnline();
  const { pending, refused } = useOfflineState();
  const [redeemedOffline, setRedeemedOffline] = useState(false);
  const waiting = pending.some((item) => item.qrToken === token);
  const didNotStand = refused.some((item) => item.qrToken === token);

  // Once the server has taken this scan's offline redemption, its live state (undo included) is asked.
  const { refetch } = live;
  const answered = redeemedOffline && !waiting && !didNotStand;
  useEffect(() => {
    if (answered) void refetch();
  }, [answered, refetch]);

  const offline = redeemedOffline
    ? waiting || didNotStand || live.isFetching
    : !online || isNetworkError(live.failureReason);
  return (
    <Section title={texts.scannedSection}>
      {offline && token && owner ? (
        <OfflineCoupon
          text={scan.text}
          fields={fields}
          owner={owner}
          redeemed={redeemedOffline}
          onRedeemed={() => setRedeemedOffline(true)}
        />
      ) : (
        <OnlineCoupon qr={scan.qr} live={live} />
      )}
    </Section>
  );
}

function OnlineCoupon({ qr, live }: { qr: ParsedCouponQr; live: ReturnType<typeof useScannedCoupon> }) {
  const partnerUsername = useUser()?.username;
  const { token } = qr;
  const redeem = useRedeemCoupon();
  const undo = useUndoRedemption();
  // SPEC §2: one redeem attempt per scan, until an undo makes the coupon valid again.
  const redeemPress = useOncePerPress();
  const [confirmingUndo, setConfirmingUndo] = useState(false);

  const redeemOnce = (qrToken: string) => {
    if (!partnerUsername) return;
    redeemPress.press(() => {
      undo.reset();
      redeem.mutate(
        { qrToken, partnerUsername },
        {
          onSuccess: (outcome) => vibrateFor(outcome === 'apply' ? 'success' : 'error'),
          onError: () => vibrateFor('error'),
        },
      );
    });
  };

  const undoRedemption = (qrToken: string) =>
    undo.mutate(qrToken, {
      onSuccess: () => {
        redeemPress.release();
        redeem.reset();
      },
      onSettled: () => setConfirmingUndo(false),
    });

  const redeemButton = useRef<HTMLButtonElement>(null);
  const showRedeem = live.data?.status === 'NOT_USED';
  useEffect(() => {
    if (showRedeem) smoothlyIntoView(redeemButton.current);
  }, [showRedeem]);

  const redeemOnTelegram = useMainButton(
    showRedeem && token
      ? {
          text: texts.redeem,
          onClick: () => redeemOnce(token),
          enabled: !!partnerUsername && redeem.isIdle,
          loading: redeem.isPending,
        }
      : undefined,
  );

  const liveFailure = live.error;
  const refusedByServer =
    liveFailure instanceof ApiError && (liveFailure.status === 403 || liveFailure.status === 404);

  return (
    <>
      <CouponFields fields={qr.fields} live={live.data} />
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
      {showRedeem && token && !redeemOnTelegram && (
        <Button
          busy={redeem.isPending && texts.redeeming}
          ref={redeemButton}
          disabled={!partnerUsername || !redeem.isIdle}
          onClick={() => redeemOnce(token)}
        >
          {texts.redeem}
        </Button>
      )}
      {redeem.data && (
        <Notice tone={redeem.data === 'apply' ? 'success' : 'error'}>
          {redeemOutcomeTexts[redeem.data]}
        </Notice>
      )}
      {redeem.error && <Notice tone="error">{redeem.error.message}</Notice>}
      {undo.isSuccess && <Notice tone="success">{texts.undone}</Notice>}
      {undo.error && <Notice tone="error">{undo.error.message}</Notice>}
      {live.data?.canUndo &&
        token &&
        (confirmingUndo ? (
          <ConfirmStep
            question={texts.undoQuestion}
            detail={texts.undoDetail}
            confirm={texts.undoConfirm}
            cancel={texts.undoCancel}
            pending={undo.isPending}
            onConfirm={() => undoRedemption(token)}
            onCancel={() => setConfirmingUndo(false)}
          />
        ) : (
          <Button variant="secondary" onClick={() => setConfirmingUndo(true)}>
            {texts.undo}
          </Button>
        ))}
    </>
  );
}
