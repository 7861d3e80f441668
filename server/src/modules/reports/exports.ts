import type { z } from 'zod';
import { formatDateTimeIn, formatDay } from '#contract/date-time';
import { AUDIT_KIND_TEXTS, type TWeeklyReport, WEEK_FIGURES, type ZExportRequest } from '#contract/reports';
import { daysInPeriod } from '#contract/weeks';
import { toCsv } from './csv.ts';
import type { ReportService } from './reports.service.ts';

export type ExportRequest = z.output<typeof ZExportRequest>;

const day = (value: string) => value.split('-').reverse().join('.');

/** The columns of the weeks' table, in the order of WEEK_FIGURES. */
const WEEK_COLUMNS = [
  'Продано, шт',
  'Погашено, шт',
  'Возвращено, шт',
  'Истекло, шт',
  'Выручка, руб',
  'Возвращено, руб',
  'Скидки, руб',
];

/**
 * The weeks of a report as a second table: each week (Monday to Sunday, cut to the period) for all
 * offers together, then each offer's weeks.
 */
function weeksTable(weekly: TWeeklyReport, period: { from: string; to: string }) {
  const days = (monday: string) => daysInPeriod(monday, period).map(formatDay).join('–');
  const lines = (offer: string, weeks: TWeeklyReport['weeks']) =>
    weeks.map((week) => [days(week.week), offer, ...WEEK_FIGURES.map((key) => week[key])]);
  return {
    header: ['Неделя', 'Купон', ...WEEK_COLUMNS],
    rows: [
      ...lines('Все купоны', weekly.weeks),
      ...weekly.offers.flatMap((offer) =>
        lines(`${offer.companyName}: скидка ${offer.discount} руб за ${offer.price} руб`, offer.weeks),
      ),
    ],
  };
}

/** One report as a CSV file; `partnerIds` is what the caller may read ('all' for an admin). */
export async function buildExport(
  reports: ReportService,
  request: ExportRequest,
  partnerIds: readonly number[],
  timeZone: string,
): Promise<{ fileName: string; csv: string }> {
  const period = `${day(request.from)}-${day(request.to)}`;
  const at = (iso: string) => formatDateTimeIn(new Date(iso), timeZone);
  switch (request.report) {
    case 'redemptions': {
      const { rows, totals } = await reports.redemptions(request, partnerIds);
      const weekly = await reports.weekly(request, partnerIds);
      return {
        fileName: `pogasheniya_${period}.csv`,
        csv: toCsv(
          [
            'Дата погашения',
            'Партнер',
            'Купон',
            'Скидка, руб',
            'Цена, руб',
            'Покупатель',
            'Погасил',
            'Оценка',
            'Отзыв',
          ],
          [
            ...rows.map((row) => [
              at(row.redeemedAt),
              row.companyName,
              row.purchasedCouponId,
              row.discount,
              row.price,
              row.buyer,
              row.redeemedBy,
              row.rating,
              row.comment,
            ]),
            [
              `Итого: ${totals.count}`,
              null,
              null,
              totals.discountSum,
              totals.priceSum,
              null,
              null,
              null,
              null,
            ],
          ],
          weeksTable(weekly, request),
        ),
      };
    }
    case 'settlement': {
      const rows = await reports.settlement(request);
      const weekly = await reports.weekly(request, partnerIds);
      return {
        fileName: `sverka_${period}.csv`,
        csv: toCsv(
          [
            'Партнер',
            'Регион',
            'Продано, шт',
            'Продано, руб',
            'Погашено, шт',
            'Погашено, руб',
            'Возвращено, шт',
            'Возвращено, руб',
            'Открыто, шт',
            'Открыто, руб',
          ],
          rows.map((row) => [
            row.companyName,
            row.region,
            row.sold.count,
            row.sold.sum,
            row.redeemed.count,
            row.redeemed.sum,
            row.refunded.count,
            row.refunded.sum,
            row.open.count,
            row.open.sum,
          ]),
          weeksTable(weekly, request),
        ),
      };
    }
    case 'audit': {
      const events = await reports.audit(request, request.kind);
      return {
        fileName: `zhurnal_${period}.csv`,
        csv: toCsv(
          ['Время', 'Событие', 'Кто', 'Объект', 'Подробности'],
          events.map((event) => [
            at(event.at),
            AUDIT_KIND_TEXTS[event.kind],
            event.actor ?? 'система',
            event.subjectName ? `${event.subjectName} (${event.subject})` : event.subject,
            Object.keys(event.details).length > 0 ? JSON.stringify(event.details) : null,
          ]),
        ),
      };
    }
  }
}
