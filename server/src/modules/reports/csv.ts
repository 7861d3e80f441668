import { stepAside } from '../../queueing/step-aside.ts';

export type CsvRow = (string | number | null)[];

/** One table of a CSV file: its header, and its rows as they are read (page by page, or all at once). */
export interface CsvTable {
  header: string[];
  rows: Iterable<CsvRow> | AsyncIterable<CsvRow>;
}

/** How much text is gathered before it is handed on: a file goes out in pieces of about this size. */
const PIECE_CHARS = 64 * 1024;

function cell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * CSV that Excel with a Russian locale opens as it should: UTF-8 with a BOM (or Cyrillic turns to
 * mojibake), `;` between fields (a Russian Excel reads `,` as the decimal sign), CRLF line ends.
 * A text that a spreadsheet would run as a formula (=, +, -, @ first) is prefixed with `'`. Tables
 * after the first (a report's weeks) follow it, each after an empty line.
 *
 * Written as it is read: a file of any length holds only a piece of itself in memory at a time.
 */
export async function* csvPieces(tables: readonly CsvTable[]): AsyncGenerator<string> {
  let piece = '\uFEFF';
  for (const [index, table] of tables.entries()) {
    if (index > 0) piece += '\r\n';
    for await (const row of prependHeader(table)) {
      piece += `${row.map(cell).join(';')}\r\n`;
      if (piece.length >= PIECE_CHARS) {
        yield piece;
        piece = '';
        await stepAside();
      }
    }
  }
  yield piece;
}

async function* prependHeader(table: CsvTable): AsyncGenerator<CsvRow> {
  yield table.header;
  yield* table.rows;
}
