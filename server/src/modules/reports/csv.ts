type CsvRow = (string | number | null)[];

/**
 * CSV that Excel with a Russian locale opens as it should: UTF-8 with a BOM (or Cyrillic turns to
 * mojibake), `;` between fields (a Russian Excel reads `,` as the decimal sign), CRLF line ends.
 * A text that a spreadsheet would run as a formula (=, +, -, @ first) is prefixed with `'`. Tables
 * after the first (a report's weeks) follow it, each after an empty line.
 */
export function toCsv(
  header: string[],
  rows: CsvRow[],
  ...more: { header: string[]; rows: CsvRow[] }[]
): string {
  const cell = (value: string | number | null) => {
    if (value === null) return '';
    if (typeof value === 'number') return String(value);
    const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
    return /[;"\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
  };
  const table = (lines: CsvRow[]) => lines.map((row) => row.map(cell).join(';')).join('\r\n');
  // A further table follows the first after an empty line, with its own header.
  const tables = [table([header, ...rows]), ...more.map((next) => table([next.header, ...next.rows]))];
  return `\uFEFF${tables.join('\r\n\r\n')}\r\n`;
}
