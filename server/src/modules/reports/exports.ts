import type { z } from 'zod';
import { auditDetailsText, auditSubjectText } from '#contract/audit-details';
import { formatDateTimeIn, formatDay, zoneNote } from '#contract/date-time';
import {
  AUDIT_KIND_TEXTS,
  CLOSING_RECEIPT_STATES,
  type TWeeklyReport,
  WEEK_FIGURES,
  type ZExportRequest,
} from '#contract/reports';
import { daysInPeriod, everyWeekOf } from '#contract/weeks';
import { type CsvRow, type CsvTable, csvPieces } from './csv.ts';
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

const offerName = (offer: { companyName: string; discount: number; price: number }) =>
  `${offer.companyName}: скидка ${offer.discount} руб за ${offer.price} руб`;

/**
 * The weeks of a report as a second table: each week (Monday to Sunday, cut to the period) for all
 * offers together, then each offer's every week.
 */
function weeksTable(weekly: TWeeklyReport, period: { from: string; to: string }): CsvTable {
  const days = (monday: string) => daysInPeriod(monday, period).map(formatDay).join('–');
  const lines = (offer: string, weeks: TWeeklyReport['weeks']) =>
    weeks.map((week) => [days(week.week), offer, ...WEEK_FIGURES.map((key) => week[key])]);
  return {
    header: ['Неделя', 'Купон', ...WEEK_COLUMNS],
    rows: (function* () {
      yield* lines('Все купоны', weekly.weeks);
      for (const offer of weekly.offers) yield* lines(offerName(offer), everyWeekOf(period, offer.weeks));
    })(),
  };
}

/**
 * The limited offers' units as they stand at the export (not in the period: a unit is sold, held or
 * free now), one offer a row; none when no offer is limited.
 */
function stockTables(weekly: TWeeklyReport): CsvTable[] {
  const limited = weekly.offers.flatMap((offer) => (offer.stock ? [{ ...offer, stock: offer.stock }] : []));
  if (limited.length === 0) return [];
  return [
    {
      header: [
        'Купон с ограничением (на момент выгрузки)',
        'Всего, шт',
        'Продано, шт',
        'Отложено, шт',
        'Осталось, шт',
        'В очереди, чел',
      ],
      rows: limited.map(({ stock, ...offer }) => [
        offerName(offer),
        stock.quantity,
        stock.sold,
        stock.held,
        stock.left,
        stock.inLine,
      ]),
    },
  ];
}

const FILE_NAMES: Record<ExportRequest['report'], string> = {
  redemptions: 'pogasheniya',
  settlement: 'sverka',
  audit: 'zhurnal',
};

/** The name of a report's CSV file: the report and its period. */
export const exportFileName = (request: ExportRequest): string =>
  `${FILE_NAMES[request.report]}_${day(request.from)}-${day(request.to)}.csv`;

/** The tables of one report's CSV file; `partnerIds` is what the caller may read. */
async function exportTables(
  reports: ReportService,
  request: ExportRequest,
  partnerIds: readonly number[],
  timeZone: string,
): Promise<CsvTable[]> {
  const at = (iso: string) => formatDateTimeIn(new Date(iso), timeZone);
  switch (request.report) {
    case 'redemptions': {
      const weekly = await reports.weekly(request, partnerIds);
      async function* rows(): AsyncGenerator<CsvRow> {
        const totals = { count: 0, discountSum: 0, priceSum: 0 };
        for await (const page of reports.redemptionPages(request, partnerIds)) {
          for (const row of page) {
            totals.count += 1;
            totals.discountSum += row.discount;
            totals.priceSum += row.price;
            yield [
              at(row.redeemedAt),
              row.companyName,
              row.purchasedCouponId,
              row.discount,
              row.price,
              row.buyer,
              row.redeemedBy,
              row.rating,
              row.comment,
              row.closingReceipt && CLOSING_RECEIPT_STATES[row.closingReceipt],
            ];
          }
        }
        yield [
          `Итого: ${totals.count}`,
          null,
          null,
          totals.discountSum,
          totals.priceSum,
          null,
          null,
          null,
          null,
          null,
        ];
      }
      return [
        {
          header: [
            'Дата погашения',
            'Партнер',
            'Купон',
            'Скидка, руб',
            'Цена, руб',
            'Покупатель',
            'Погасил',
            'Оценка',
            'Отзыв',
            'Чек зачета предоплаты',
          ],
          rows: rows(),
        },
        weeksTable(weekly, request),
        ...stockTables(weekly),
      ];
    }
    case 'settlement': {
      const [rows, weekly] = await Promise.all([
        reports.settlement(request),
        reports.weekly(request, partnerIds),
      ]);
      return [
        {
          header: [
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
          rows: rows.map((row) => [
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
        },
        weeksTable(weekly, request),
        ...stockTables(weekly),
      ];
    }
    case 'audit': {
      const { kind } = request;
      async function* rows(): AsyncGenerator<CsvRow> {
        for await (const page of reports.auditPages(request, kind))
          for (const event of page)
            yield [
              at(event.at),
              AUDIT_KIND_TEXTS[event.kind],
              event.actor ?? 'система',
              auditSubjectText(event),
              auditDetailsText(event.details, timeZone) || null,
            ];
      }
      return [
        { header: [`Время ${zoneNote(timeZone)}`, 'Событие', 'Кто', 'Объект', 'Подробности'], rows: rows() },
      ];
    }
  }
}

/**
 * One report as a CSV file, written as it is read: its pieces as UTF-8. What fits a page is read
 * before this answers (a failure there is an error answer); the redemptions' rows are read page by
 * page as the file goes out, and a failure midway breaks the download rather than end it short.
 */
export async function buildExport(
  reports: ReportService,
  request: ExportRequest,
  partnerIds: readonly number[],
  timeZone: string,
): Promise<{ fileName: string; bytes: AsyncIterable<Uint8Array> }> {
  const tables = await exportTables(reports, request, partnerIds, timeZone);
  async function* bytes() {
    for await (const piece of csvPieces(tables)) yield Buffer.from(piece, 'utf8');
  }
  return { fileName: exportFileName(request), bytes: bytes() };
}
