/**
 * CSV that Excel with a Russian locale opens as it should: UTF-8 with a BOM (or Cyrillic turns to
 * mojibake), `;` between fields (a Russian Excel reads `,` as the decimal sign), CRLF line ends.
 * A text that a spreadsheet would run as a formula (=, +, -, @ first) is prefixed with `'`.
 */
export function toCsv(header: string[], rows: (string | number | null)[][]): string {
  const cell = (value: string | number | null) => {
    if (value === null) return '';
    if (typeof value === 'number') return String(value);
    const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
    return /[;"\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
  };
  return `\uFEFF${[header, ...rows].map((row) => row.map(cell).join(';')).join('\r\n')}\r\n`;
}
