import type { TSeasonResponse } from '#contract/reports';
import { Header } from '@/components/layout/header';
import { Loaded } from '@/components/ui/loaded';
import { RowList } from '@/components/ui/row-list';
import { Section } from '@/components/ui/section';
import { Stack } from '@/components/ui/stack';
import { useSeason } from '@/features/reports/api/get-season';
import { chartTexts } from '@/features/reports/chart-texts';
import { PeriodFields } from '@/features/reports/components/period-fields';
import { ReportTotals } from '@/features/reports/components/report-totals';
import { WeekCharts } from '@/features/reports/components/week-charts';
import { type Period, seasonSoFar } from '@/features/reports/period';
import { usePeriod } from '@/features/reports/use-period';
import { RoleGate } from '@/features/session/components/role-gate';
import { isAdmin } from '@/features/session/user-state';
import { useSearchParams } from '@/lib/router/router';
import { Page } from '@/messenger/page';
import { FunnelChart } from './funnel-chart';
import './season-page.css';
import { texts } from './texts';

/** The season for admins: its totals, its weeks, the partners by redemptions and the funnel. */
export function SeasonPage() {
  return (
    <Page>
      <Header title={texts.title} />
      <Stack>
        <RoleGate allows={isAdmin} refusal={texts.adminsOnly}>
          <Season />
        </RoleGate>
      </Stack>
    </Page>
  );
}

const TOTALS = ['sold', 'redeemed', 'refunded', 'expired', 'takenSum', 'discountSum'] as const;

function Season() {
  const [searchParams] = useSearchParams();
  const { period, setPeriod, valid, problem } = usePeriod(
    {
      ...(searchParams.get('from') && { from: searchParams.get('from') ?? '' }),
      ...(searchParams.get('to') && { to: searchParams.get('to') ?? '' }),
    },
    seasonSoFar,
  );
  const season = useSeason(valid);
  return (
    <>
      <PeriodFields period={period} onChange={setPeriod} problem={problem} />
      <Loaded query={season} className="state-line" idle={!valid}>
        {(figures) => valid && <SeasonFigures season={figures} period={valid} />}
      </Loaded>
    </>
  );
}

function SeasonFigures({ season, period }: { season: TSeasonResponse; period: Period }) {
  const top = Math.max(1, ...season.partners.map((partner) => partner.redeemed));
  return (
    <>
      <Section title={texts.total}>
        <div className="season__totals">
          <ReportTotals
            totals={TOTALS.map((figure) => ({
              label: chartTexts.figures[figure],
              value: chartTexts.value(figure, season.totals[figure]),
            }))}
          />
        </div>
      </Section>
      <Section title={texts.weeks}>
        <WeekCharts weeks={season.weeks} period={period} />
      </Section>
      <Section title={texts.funnel}>
        <FunnelChart funnel={season.funnel} />
      </Section>
      <Section title={texts.partners}>
        {season.partners.length === 0 ? (
          <p className="season__note">{texts.noPartners}</p>
        ) : (
          <RowList className="season__partners" ordered>
            {season.partners.map((partner) => (
              <li key={partner.partnerId}>
                <span className="season__partner-name">
                  {partner.companyName} <span className="season__region">· {partner.region}</span>
                </span>
                <span className="season__partner-figures">
                  <span>{texts.redeemed(partner.redeemed)}</span>
                  <span className="season__rating">{texts.rating(partner.rating)}</span>
                </span>
                <svg
                  className="season__meter"
                  viewBox="0 0 100 4"
                  preserveAspectRatio="none"
                  aria-hidden="true"
                >
                  <rect
                    x="0"
                    y="0"
                    width={(partner.redeemed / top) * 100}
                    height="4"
                    fill="var(--color-success)"
                  />
                </svg>
              </li>
            ))}
          </RowList>
        )}
      </Section>
    </>
  );
}
