import { stepAside } from '../../queueing/step-aside.ts';

/**
 * Partners one report statement reads. On PGlite, which runs one statement at a time in this
 * process, a statement over a whole season of every partner kept everyone else waiting for it;
 * two partners' season is a few tens of milliseconds.
 */
const PARTNERS_PER_STATEMENT = 2;

/** `read` over the partners a few at a time, stepping aside before each: every row, in order. */
export async function inPartnerChunks<Row>(
  partnerIds: readonly number[],
  read: (chunk: readonly number[]) => Promise<Row[]>,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (let at = 0; at < partnerIds.length; at += PARTNERS_PER_STATEMENT) {
    await stepAside();
    rows.push(...(await read(partnerIds.slice(at, at + PARTNERS_PER_STATEMENT))));
  }
  return rows;
}
