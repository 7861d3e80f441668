import { CLOSING_RECEIPT_STATES } from '#contract/reports';
import { Header } from '@/components/layout/header';
import { Button } from '@/components/ui/button';
import { Loaded } from '@/components/ui/loaded';
import { RowList } from '@/components/ui/row-list';
import { Section } from '@/components/ui/section';
import { Stack } from '@/components/ui/stack';
import { paths } from '@/config/paths';
import { PartnerChoice } from '@/features/partners/components/partner-picker';
import { useChosenPartner } from '@/features/partners/use-chosen-partner';
import { useRedemptionReport } from '@/features/reports/api/get-redemption-report';
import { useReportPartners } from '@/features/reports/api/get-report-partners';
import { ExportButton } from '@/features/reports/components/export-button';
import { PeriodFields } from '@/features/reports/components/period-fields';
import { ReportTotals } from '@/features/reports/components/report-totals';
import { WeeklyReportSection } from '@/features/reports/components/week-charts';
import { usePeriod } from '@/features/reports/use-period';
import { useUser } from '@/features/session/api/get-me';
import { RoleGate } from '@/features/session/components/role-gate';
import { isPartnerStaffOrAdmin } from '@/features/session/user-state';
import { useClock } from '@/hooks/use-clock';
import { useDelayedNavigate } from '@/hooks/use-delayed-navigate';
import { useSearchParams } from '@/lib/router/router';
import { Page } from '@/messenger/page';
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
  const clock = useClock();

  return (
    <PartnerChoice
      options={partners}
      chosen={chosen}
      onChoose={choose}
      texts={texts}
      stateClassName="state-line"
    >
      {(partner) => (
        <>
          <PeriodFields period={period} onChange={setPeriod} problem={problem} />
          <Loaded query={report} className="state-line" idle={!valid}>
            {({ totals }) => (
              <ReportTotals
                totals={[
                  { label: texts.count, value: formatNumber(totals.count) },
                  { label: texts.discountSum, value: formatNumber(totals.discountSum) },
                  { label: texts.priceSum, value: formatNumber(totals.priceSum) },
                ]}
              />
            )}
          </Loaded>
          <ExportButton request={valid && { report: 'redemptions', ...valid, partnerId: partner.id }} />
          <WeeklyReportSection
            query={valid && { ...valid, partnerId: partner.id }}
            title={texts.weeksTitle}
            withCompany={false}
          />
          {report.data && (
            <Section title={texts.rowsTitle}>
              {report.data.rows.length === 0 ? (
                <p className="redemption-report__empty">{texts.empty}</p>
              ) : (
                <RowList className="redemption-report__rows">
                  {report.data.rows.map((row) => (
                    <li key={`${row.purchasedCouponId}-${row.redeemedAt}`}>
                      <span className="redemption-report__when">{clock.dateTime(row.redeemedAt)}</span>
                      <span>{texts.row(row.discount, row.price)}</span>
                      <span className="redemption-report__who">
                        {texts.buyerAndRedeemer(row.buyer, row.redeemedBy)}
                      </span>
                      {row.closingReceipt && (
                        <span className="redemption-report__who">
                          {texts.closingReceipt(CLOSING_RECEIPT_STATES[row.closingReceipt])}
                        </span>
                      )}
                      <VisitRating row={row} />
                    </li>
                  ))}
                </RowList>
              )}
              {report.data.rows.length < report.data.totals.count && (
                <p className="redemption-report__empty">
                  {texts.newestOnly(report.data.rows.length, formatNumber(report.data.totals.count))}
                </p>
              )}
            </Section>
          )}
          <StaffLink partnerId={partner.id} />
        </>
      )}
    </PartnerChoice>
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
