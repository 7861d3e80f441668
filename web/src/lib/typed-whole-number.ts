/** Digits alone, or grouped by three with spaces (plain, no-break or narrow) as banks paste «1 000». */
const WHOLE_NUMBER = /^(\d+|\d{1,3}([ \u00a0\u202f]\d{3})+)$/;

/**
 * A whole number as a person typed it into a form, spaces around it aside; undefined for anything
 * else. «99,90», «10.5», «-5» and «20 шт» are not read as 9 990, 105, 5 or 20: the form says why
 * rather than send a number nobody typed.
 */
export function typedWholeNumber(text: string): number | undefined {
  const trimmed = text.trim();
  if (!WHOLE_NUMBER.test(trimmed)) return undefined;
  const value = Number(trimmed.replace(/\D/g, ''));
  return Number.isSafeInteger(value) ? value : undefined;
}
