import { useEffect, useRef, useState } from 'react';
import { type QrField, qrValue } from '#contract/coupon-qr';
import type { TScannedCoupon, TScanStatus } from '#contract/redemption';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import {
  checkOffline,
  type OfflineVerdict,
  withCompanyFromKit,
} from '@/features/redemption/offline/check-offline';
import { queueRedemption } from '@/features/redemption/offline/offline-redemptions';
import { useOfflineState } from '@/features/redemption/offline/use-offline-state';
import { useClock } from '@/hooks/use-clock';
import { vibrateFor } from '@/messenger/haptics';
import { useMainButton } from '@/messenger/use-main-button';
import { offlineAlarm } from './alarms';
import { CouponAlarm } from './coupon-alarm';
import { CouponFields } from './coupon-fields';
import { ScanNextButton, scanNextAction } from './scan-next';
import { texts } from './texts';

const printed = (fields: readonly QrField[], key: string) => qrValue(fields, key) ?? '';

/** The scan's rows as the device knows them: what the signed QR printed, the status it worked out. */
function offlineLive(fields: readonly QrField[], status: TScanStatus): TScannedCoupon {
  return {
    status,
    date: printed(fields, 'date'),
    partner: printed(fields, 'partner'),
    region: printed(fields, 'region'),
    discount: printed(fields, 'discount'),
    address: printed(fields, 'address'),
    telegramName: printed(fields, 'telegramName'),
    // A printed QR does not say the holder's messenger: it names them as Telegram did before MAX.
    messenger: 'telegram',
    canUndo: false,
    expiresAt: printed(fields, 'exp') || null,
    redeemedAt: null,
    redeemedBy: null,
    giftedAwayAt: null,
  };
}

function statusOf(verdict: OfflineVerdict, redeemed: boolean): TScanStatus | undefined {
  if (redeemed) return 'USED';
  if (verdict.valid) return 'NOT_USED';
  switch (verdict.reason) {
    // What the kit says became of it; one stored before kits said it counts every dead token used.
    case 'revoked':
      return verdict.status ?? 'USED';
    case 'queued':
      return 'USED';
    case 'expired':
      return 'EXPIRED';
    default:
      return undefined;
  }
}

/**
 * A scanned coupon with no signal: checked on the device against the kit, redeemed into
 * the device's queue. «Redeemed» is said only once the redemption is on disk. What the phone can
 * tell is not redeemable raises the alarm, with what its kit and queue know.
 */
export function OfflineCoupon(props: {
  text: string;
  token: string;
  fields: QrField[];
  owner: string;
  redeemed: boolean;
  onRedeemed: () => void;
  onScanNext: () => void;
}) {
  const { text, token, fields, owner, redeemed, onRedeemed, onScanNext } = props;
  const { kit, pending, refused } = useOfflineState();
  const clock = useClock();
  const [verdict, setVerdict] = useState<OfflineVerdict>();
  const [saving, setSaving] = useState(false);
  const [notSaved, setNotSaved] = useState(false);
  // What this device had queued when the QR was read: its own redemption must not count against it.
  const queuedAtScan = useRef(pending.map((item) => item.qrToken));

  useEffect(() => {
    let current = true;
    void checkOffline(text, kit, { queued: queuedAtScan.current }).then((result) => {
      if (current) setVerdict(result);
    });
    return () => {
      current = false;
    };
  }, [text, kit]);

  const redeem = async () => {
    if (!verdict?.valid || saving || redeemed) return;
    setSaving(true);
    setNotSaved(false);
    try {
      await queueRedemption(owner, verdict.token, verdict.fields);
      vibrateFor('success');
      onRedeemed();
    } catch (error) {
      console.error('The offline redemption was not saved', error);
      vibrateFor('error');
      setNotSaved(true);
    } finally {
      setSaving(false);
    }
  };

  const mayRedeem = verdict?.valid === true && !redeemed;
  const queuedAt = pending.find((item) => item.qrToken === token)?.redeemedAt;
  const alarm =
    verdict && !verdict.valid && !redeemed ? offlineAlarm(verdict, { fields, queuedAt, clock }) : undefined;
  const done = redeemed || !!alarm;
  const onTelegram = useMainButton(
    mayRedeem
      ? { text: texts.redeem, onClick: () => void redeem(), enabled: !saving, loading: saving }
      : done
        ? scanNextAction(onScanNext)
        : undefined,
  );

  if (!verdict) return <Spinner label={texts.checking} />;
  const status = statusOf(verdict, redeemed);
  const named = withCompanyFromKit(fields, kit);
  const didNotStand = refused.some((item) => verdict.valid && item.qrToken === verdict.token);
  return (
    <>
      {alarm && <CouponAlarm alarm={alarm} />}
      <CouponFields fields={named} live={status && offlineLive(named, status)} />
      {mayRedeem && <Notice tone="info">{texts.offline.checked}</Notice>}
      {!verdict.valid && (verdict.reason === 'no-kit' || verdict.reason === 'unsigned') && (
        <Notice tone="error">{texts.offline.cannotCheck[verdict.reason]}</Notice>
      )}
      {mayRedeem && !onTelegram && (
        <Button busy={saving && texts.redeeming} onClick={() => void redeem()}>
          {texts.redeem}
        </Button>
      )}
      {notSaved && <Notice tone="error">{texts.offline.notSaved}</Notice>}
      {redeemed && !didNotStand && <Notice tone="success">{texts.offline.redeemed}</Notice>}
      {done && !onTelegram && <ScanNextButton onScanNext={onScanNext} />}
    </>
  );
}
