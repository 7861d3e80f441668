import { useState } from 'react';
import {
  type TWeekFigure,
  type TWeekFigures,
  type TWeeklyOffer,
  type TWeeklyReport,
  WEEK_FIGURES,
} from '#contract/reports';
import { daysInPeriod, everyWeekOf, formatShortDay } from '#contract/weeks';
import { SelectField } from '@/components/ui/field';
import { Notice } from '@/components/ui/notice';
import { Section } from '@/components/ui/section';
import { errorMessage } from '@/lib/api-client';
import { useWeeklyReport, type WeeklyReportQuery } from '../api/get-weekly-report';
import { chartTexts } from '../chart-texts';
import './week-charts.css';

/** The figures drawn, each in its own small chart; the table carries every one. */
const DRAWN: readonly TWeekFigure[] = ['sold', 'redeemed', 'refunded', 'expired', 'takenSum', 'discountSum'];

/** Each figure's colour, from the theme: sales in the button's, uses in green, refunds in red. */
const TONES: Record<TWeekFigure, string> = {
  sold: 'var(--color-button)',
  redeemed: 'var(--color-success)',
  refunded: 'var(--color-destructive)',
  expired: 'var(--color-hint)',
  takenSum: 'var(--color-button)',
  refundedSum: 'var(--color-destructive)',
  discountSum: 'var(--color-success)',
};

type Period = { from: string; to: string };

type WeeksProps = { weeks: readonly TWeekFigures[]; period: Period };

/** Every figure of a period week by week: small bar charts, and a table for screen readers. */
export function WeekCharts({ weeks, period }: WeeksProps) {
  return (
    <div className="week-charts">
      <div className="week-charts__grid" aria-hidden="true">
        {DRAWN.map((figure) => (
          <WeekBars key={figure} figure={figure} weeks={weeks} period={period} />
        ))}
      </div>
      <WeekTable weeks={weeks} period={period} />
    </div>
  );
}

const VIEW_HEIGHT = 60;
const STEP = 10;

/**
 * One figure as a bar a week, on a scale from zero to the highest week; its total above, the
 * period's first and last days under it. Drawn to the card's width: the bars stretch, the words
 * are HTML.
 */
export function WeekBars({ figure, weeks, period }: WeeksProps & { figure: TWeekFigure }) {
  const values = weeks.map((week) => week[figure]);
  const most = Math.max(0, ...values);
  const total = values.reduce((sum, value) => sum + value, 0);
  const first = weeks[0];
  const last = weeks.at(-1);
  return (
    <figure className="week-bars">
      <figcaption className="week-bars__head">
        <span className="week-bars__label">{chartTexts.figures[figure]}</span>
        <span className="week-bars__total">{chartTexts.value(figure, total)}</span>
      </figcaption>
      {/* The scale's top, where there is one: an empty period draws only the baseline. */}
      {most > 0 && <span className="week-bars__most">{chartTexts.most(chartTexts.value(figure, most))}</span>}
      <svg
        className="week-bars__plot"
        viewBox={`0 0 ${Math.max(1, values.length) * STEP} ${VIEW_HEIGHT}`}
        preserveAspectRatio="none"
        aria-hidden="true"
        focusable="false"
      >
        {values.map((value, index) => {
          // An empty week keeps a thin mark on the baseline, so every week has its place.
          const height = most === 0 || value === 0 ? 1.5 : Math.max(3, (value / most) * (VIEW_HEIGHT - 2));
          return (
            <rect
              key={weeks[index]?.week}
              x={index * STEP + 1.5}
              y={VIEW_HEIGHT - height}
              width={STEP - 3}
              height={height}
              fill={TONES[figure]}
              opacity={value === 0 ? 0.35 : 1}
            />
          );
        })}
      </svg>
      {first && last && (
        <span className="week-bars__axis">
          <span>{formatShortDay(daysInPeriod(first.week, period)[0])}</span>
          <span>{formatShortDay(daysInPeriod(last.week, period)[1])}</span>
        </span>
      )}
    </figure>
  );
}

/** The weeks in words: what the charts draw, for whoever does not see them. */
export function WeekTable({ weeks, period }: WeeksProps) {
  return (
    <table className="visually-hidden">
      <caption>{chartTexts.tableCaption}</caption>
      <thead>
        <tr>
          <th scope="col">{chartTexts.week}</th>
          {WEEK_FIGURES.map((figure) => (
            <th key={figure} scope="col">
              {chartTexts.figures[figure]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week.week}>
            <th scope="row">
              {chartTexts.weekDays(
                ...(daysInPeriod(week.week, period).map(formatShortDay) as [string, string]),
              )}
            </th>
            {WEEK_FIGURES.map((figure) => (
              <td key={figure}>{chartTexts.value(figure, week[figure])}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

// The offer picker lives beside the charts: one chunk for the three screens that draw them, so the
// entry's list of what each screen preloads names one file, not two.
const ALL = 'all';

/**
 * A report's weeks, all offers together or one chosen offer's. `withCompany` names each offer's
 * partner too, where the offers are several partners'.
 */
export function WeeklySection({
  report,
  period,
  withCompany,
}: {
  report: TWeeklyReport;
  period: Period;
  withCompany: boolean;
}) {
  const [chosen, choose] = useState(ALL);
  const offer = report.offers.find((item) => String(item.couponId) === chosen);
  return (
    <>
      {report.offers.length > 0 && (
        <SelectField
          label={chartTexts.offer}
          options={[
            { value: ALL, label: chartTexts.allOffers },
            ...report.offers.map((item) => ({
              value: String(item.couponId),
              label: chartTexts.offerName(item, withCompany),
            })),
          ]}
          value={offer ? chosen : ALL}
          onValueChange={choose}
        />
      )}
      <OfferStocks offers={offer ? [offer] : report.offers} named={!offer} withCompany={withCompany} />
      <WeekCharts weeks={offer ? everyWeekOf(period, offer.weeks) : report.weeks} period={period} />
    </>
  );
}

/**
 * The units of the limited ones of `offers` as they stand now, a line each (as the admin's offer
 * card says them); `named` puts each offer's name before its line, where several are listed.
 */
function OfferStocks({
  offers,
  named,
  withCompany,
}: {
  offers: readonly TWeeklyOffer[];
  named: boolean;
  withCompany: boolean;
}) {
  const limited = offers.flatMap((offer) => (offer.stock ? [{ offer, stock: offer.stock }] : []));
  if (limited.length === 0) return null;
  return (
    <div className="week-charts__stocks">
      {/* The charts count the period; these lines count every coupon of the offer, as of now. */}
      <h3 className="week-charts__stocks-title">{chartTexts.stockNow}</h3>
      <ul className="week-charts__stock-lines">
        {limited.map(({ offer, stock }) => (
          <li key={offer.couponId}>
            {named && (
              <span className="week-charts__stock-name">{chartTexts.offerName(offer, withCompany)}</span>
            )}
            <span>{chartTexts.offerStock(stock)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The «by week» section of a report screen: the weeks of `query` fetched and drawn, the failure said;
 * nothing while the period is not complete or the weeks are on their way.
 */
export function WeeklyReportSection({
  query,
  title,
  withCompany,
}: {
  query: WeeklyReportQuery | null;
  title: string;
  withCompany: boolean;
}) {
  const weekly = useWeeklyReport(query);
  if (weekly.isError) return <Notice tone="error">{errorMessage(weekly.error)}</Notice>;
  if (!weekly.data || !query) return null;
  return (
    <Section title={title}>
      <WeeklySection report={weekly.data} period={query} withCompany={withCompany} />
    </Section>
  );
}
