import { Header } from '@/components/layout/header';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Section } from '@/components/ui/section';
import { Spinner } from '@/components/ui/spinner';
import { Stack } from '@/components/ui/stack';
import { paths } from '@/config/paths';
import { PartnerPicker } from '@/features/partners/components/partner-picker';
import { useChosenPartner } from '@/features/partners/use-chosen-partner';
import { useRedemptionReport } from '@/features/reports/api/get-redemption-report';
import { useReportPartners } from '@/features/reports/api/get-report-partners';
import { useWeeklyReport } from '@/features/reports/api/get-weekly-report';
import { ExportButton } from '@/features/reports/components/export-button';
import { PeriodFields } from '@/features/reports/components/period-fields';
import { ReportTotals } from '@/features/reports/components/report-totals';
import { WeeklySection } from '@/features/reports/components/week-charts';
import { usePeriod } from '@/features/reports/use-period';
import { useUser } from '@/features/session/api/get-me';
import { RoleGate } from '@/features/session/components/role-gate';
import { isPartnerStaffOrAdmin } from '@/features/session/user-state';
import { useClock } from '@/hooks/use-clock';
import { useDelayedNavigate } from '@/hooks/use-delayed-navigate';
import { errorMessage } from '@/lib/api-client';
import { useSearchParams } from '@/lib/router/router';
import { Page } from '@/telegram/page';
import './redemption-report-page.css';
import { texts } from './texts';
import { VisitRating } from './visit-rating';

const formatNumber = (value: number) => value.toLocaleString('ru-RU');

/** Redemption report: a partner's redemptions in a period with totals, exported as CSV. */
export function RedemptionReportPage() {
  return (
    <Page>
      <Header title={texts.title} />
      <Stack>
        <RoleGate allows={isPartnerStaffOrAdmin} refusal={texts.readersOnly}>
          <RedemptionReport />
        </RoleGate>
      </Stack>
    </Page>
  );
}

function RedemptionReport() {
  const [searchParams] = useSearchParams();
  const partners = useReportPartners();
  const { chosen, choose } = useChosenPartner(partners.data);
  const { period, setPeriod, valid, problem } = usePeriod({
    ...(searchParams.get('from') && { from: searchParams.get('from') ?? '' }),
    ...(searchParams.get('to') && { to: searchParams.get('to') ?? '' }),
  });
  const report = useRedemptionReport(chosen && valid ? { ...valid, partnerId: chosen.id } : null);
  const weekly = useWeeklyReport(chosen && valid ? { ...valid, partnerId: chosen.id } : null);
  const clock = useClock();

  if (partners.isError) return <Notice tone="error">{errorMessage(partners.error)}</Notice>;
  if (!partners.data)
    return (
      <p className="redemption-report__state">
        <Spinner label={texts.loading} />
      </p>
    );
  if (!chosen) return <p className="redemption-report__state">{texts.noPartners}</p>;

  return (
    <>
      <PartnerPicker
        label={texts.partner}
        placeholder={texts.partnerPlaceholder}
        options={partners.data}
        value={chosen.id}
        onChange={choose}
      />
      <PeriodFields period={period} onChange={setPeriod} problem={problem} />
      {report.isError ? (
        <Notice tone="error">{errorMessage(report.error)}</Notice>
      ) : report.data ? (
        <ReportTotals
          totals={[
            { label: texts.count, value: formatNumber(report.data.totals.count) },
            { label: texts.discountSum, value: formatNumber(report.data.totals.discountSum) },
            { label: texts.priceSum, value: formatNumber(report.data.totals.priceSum) },
          ]}
        />
      ) : (
        valid && (
          <p className="redemption-report__state">
            <Spinner label={texts.loading} />
          </p>
        )
      )}
      <ExportButton request={valid && { report: 'redemptions', ...valid, partnerId: chosen.id }} />
      {weekly.isError ? (
        <Notice tone="error">{errorMessage(weekly.error)}</Notice>
      ) : (
        weekly.data &&
        valid && (
          <Section title={texts.weeksTitle}>
            <WeeklySection report={weekly.data} period={valid} withCompany={false} />
          </Section>
        )
      )}
      {report.data && (
        <Section title={texts.rowsTitle}>
          {report.data.rows.length === 0 ? (
            <p className="redemption-report__empty">{texts.empty}</p>
          ) : (
            <ul className="redemption-report__rows">
              {report.data.rows.map((row) => (
                <li key={`${row.purchasedCouponId}-${row.redeemedAt}`}>
                  <span className="redemption-report__when">{clock.dateTime(row.redeemedAt)}</span>
                  <span>{texts.row(row.discount, row.price)}</span>
                  <span className="redemption-report__who">
                    {texts.buyerAndRedeemer(row.buyer, row.redeemedBy)}
                  </span>
                  <VisitRating row={row} />
                </li>
              ))}
            </ul>
          )}
        </Section>
      )}
      <StaffLink partnerId={chosen.id} />
    </>
  );
}

/** The spokesman names the company's staff from here too. */
function StaffLink({ partnerId }: { partnerId: number }) {
  const isSpokesman = useUser()?.role === 'partner';
  const { go, pendingTo } = useDelayedNavigate();
  const href = paths.partnerStaff.getHref(partnerId);
  if (!isSpokesman) return null;
  return (
    <Button variant="secondary" pressed={pendingTo === href} onClick={() => go(href)}>
      {texts.staff}
    </Button>
  );
}
