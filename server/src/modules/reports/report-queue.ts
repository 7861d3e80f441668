import { ReportErrorCode } from '#contract/reports';
import { inTurn, perPersonQueue, sharedLanes, type TakeTurn } from '../../queueing/turns.ts';

/**
 * How reports wait their turn: a person's one at a time with three more waiting (a report screen
 * asks for two at once; more means someone is hammering, refused), and everyone's through shared
 * lanes: one on PGlite, which answers a statement at a time anyway, a few on PostgreSQL.
 */
export const createReportQueue = (database: 'pglite' | 'postgres'): TakeTurn =>
  inTurn(
    perPersonQueue({ waiting: 3, refusal: ReportErrorCode.busy }),
    sharedLanes(database === 'pglite' ? 1 : 3, ReportErrorCode.busy),
  );
