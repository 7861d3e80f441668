import type { QrField } from '#contract/coupon-qr';
import type { TScannedCoupon } from '#contract/redemption';
import { couponRows } from './coupon-rows';

/** The fields of «Отсканированный QR», the status as the server (or, with no signal, the device) knows it. */
export function CouponFields({
  fields,
  live,
}: {
  fields: readonly QrField[];
  live: TScannedCoupon | undefined;
}) {
  if (fields.length === 0) return null;
  return (
    <dl className="check-coupon__fields">
      {couponRows(fields, live).map((row) => (
        <div className="check-coupon__field" key={row.key}>
          <dt>{row.label}</dt>
          <dd data-status={row.key === 'status' ? live?.status : undefined}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
