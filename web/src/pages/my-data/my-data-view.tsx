import type { ReactNode } from 'react';
import { editionName, type TMyData } from '#contract/privacy';
import { Section } from '@/components/ui/section';
import { type Clock, useClock } from '@/hooks/use-clock';
import { formatDay } from '@/lib/dates';
import { texts } from './texts';

/** How many redeem attempts the screen lists; the rest are in the downloaded file. */
const ATTEMPTS_SHOWN = 10;

const named = (names: Record<string, string>, code: string) => names[code] ?? code;

type Row = [label: string, value: ReactNode];

function Rows({ rows }: { rows: readonly Row[] }) {
  return (
    <dl className="my-data__rows">
      {rows.map(([label, value]) => (
        <div key={label} className="my-data__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

type Line = { key: string; main: string; detail: string };

function Lines({ lines, more }: { lines: readonly Line[]; more?: string | undefined }) {
  if (lines.length === 0) return <p className="my-data__nothing">{texts.nothing}</p>;
  return (
    <ul className="my-data__lines">
      {lines.map((line) => (
        <li key={line.key}>
          <span className="my-data__main">{line.main}</span>
          <span className="my-data__detail">{line.detail}</span>
        </li>
      ))}
      {more && <li className="my-data__more">{more}</li>}
    </ul>
  );
}

function Profile({ user, clock }: { user: TMyData['user']; clock: Clock }) {
  return (
    <Section title={texts.profile}>
      <Rows
        rows={[
          [texts.messengerId, String(user.id)],
          [texts.username, user.username ? `@${user.username}` : texts.none],
          [texts.name, [user.firstName, user.lastName].filter(Boolean).join(' ') || texts.none],
          [texts.email, user.email ?? texts.emailNone],
          [texts.consent, user.consent ? texts.consentGiven(clock.date(user.consent.at)) : texts.consentNone],
          ...(user.consent
            ? [[texts.edition, texts.editionOf(editionName(user.consent.edition))] satisfies Row]
            : []),
          [texts.chatMember, user.isChatMember ? texts.yes : texts.no],
          [texts.cameThroughInvite, user.cameThroughInvite ? texts.yes : texts.no],
          [texts.inviteCode, user.inviteCode ?? texts.none],
          [texts.since, clock.date(user.createdAt)],
          [texts.lastSeen, clock.date(user.lastSeenAt)],
        ]}
      />
      <p className="my-data__note">{texts.emailNote}</p>
    </Section>
  );
}

function GeoPoints({ points, clock }: { points: TMyData['geoPoints']; clock: Clock }) {
  // Newest first, as the server lists them.
  const newest = points[0];
  const oldest = points.at(-1);
  return (
    <Section title={texts.geoPoints}>
      {newest && oldest ? (
        <p className="my-data__summary">
          {texts.geoSummary(points.length, clock.date(oldest.ts), clock.date(newest.ts))}
        </p>
      ) : (
        <p className="my-data__nothing">{texts.nothing}</p>
      )}
    </Section>
  );
}

/** What the server holds about the user, in words: the profile, then each kind of record. */
export function MyDataView({ data }: { data: TMyData }) {
  const attempts = data.redeemAttempts.slice(0, ATTEMPTS_SHOWN);
  const attemptsLeft = data.redeemAttempts.length - attempts.length;
  const clock = useClock();
  return (
    <>
      <Profile user={data.user} clock={clock} />
      <Section title={texts.payments}>
        <Lines
          lines={data.payments.map((payment) => ({
            key: payment.id,
            main: texts.paymentLine(payment.companyName, payment.amount),
            detail: `${clock.dateTime(payment.createdAt)} · ${named(texts.paymentStatus, payment.status)}`,
          }))}
        />
      </Section>
      <Section title={texts.coupons}>
        <Lines
          lines={data.coupons.map((coupon) => ({
            key: coupon.id,
            main: texts.couponLine(coupon.companyName, coupon.discount),
            detail: [
              named(texts.couponStatus, coupon.status),
              `${texts.purchased} ${clock.date(coupon.purchasedAt)}`,
              coupon.redeemedAt && `${texts.redeemed} ${clock.date(coupon.redeemedAt)}`,
            ]
              .filter(Boolean)
              .join(' · '),
          }))}
        />
      </Section>
      <Section title={texts.gifts}>
        <Lines
          lines={data.gifts.map((gift) => ({
            key: `${gift.at}/${gift.purchasedCouponId}/${gift.direction}`,
            main: gift.direction === 'sent' ? texts.giftSent : texts.giftReceived,
            detail: clock.dateTime(gift.at),
          }))}
        />
      </Section>
      <Section title={texts.redeemAttempts}>
        <Lines
          lines={attempts.map((attempt, index) => ({
            key: `${attempt.at}/${index}`,
            main: named(texts.redeemResult, attempt.result),
            detail: clock.dateTime(attempt.at),
          }))}
          more={attemptsLeft > 0 ? texts.moreInFile(attemptsLeft) : undefined}
        />
      </Section>
      <Section title={texts.ratings}>
        <Lines
          lines={data.visitRatings.map((rating, index) => ({
            key: `${rating.at}/${index}`,
            main: texts.ratingLine(rating.companyName, rating.stars),
            detail: `${clock.dateTime(rating.at)} · ${rating.comment ?? texts.noComment}`,
          }))}
        />
      </Section>
      <Section title={texts.lines}>
        <Lines
          lines={[
            ...data.waitlistPlaces.map((place) => ({
              key: `place/${place.joinedAt}/${place.companyName}`,
              main: texts.couponLine(place.companyName, place.discount),
              detail:
                place.heldUntil === null
                  ? texts.placeWaiting(place.position ?? 0, clock.dateTime(place.joinedAt))
                  : texts.placeHeld(clock.dateTime(place.heldUntil), clock.dateTime(place.joinedAt)),
            })),
            ...data.offerHolds.map((hold) => ({
              key: `hold/${hold.paymentId}`,
              main: texts.couponLine(hold.companyName, hold.discount),
              detail: texts.holdDetail(clock.dateTime(hold.heldUntil)),
            })),
          ]}
        />
      </Section>
      <Section title={texts.appOpens}>
        <Lines
          lines={
            data.appOpenDays.length === 0
              ? []
              : [
                  {
                    key: 'days',
                    main: texts.appOpensLine(data.appOpenDays.length),
                    detail: texts.appOpensSpan(
                      formatDay(data.appOpenDays.at(-1) ?? ''),
                      formatDay(data.appOpenDays[0] ?? ''),
                    ),
                  },
                ]
          }
        />
      </Section>
      <GeoPoints points={data.geoPoints} clock={clock} />
    </>
  );
}
