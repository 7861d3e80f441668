/**
 * Lets the event loop take what has come in (other people's requests) before going on.
 *
 * PGlite runs a statement inside this process, synchronously, and answers through a promise: a
 * chain of statements (a report read page by page) is then one unbroken run of microtasks, and no
 * request that arrived meanwhile is even read until the whole chain is done. Work made of many
 * statements steps aside between them; on PostgreSQL this costs one turn of the loop.
 */
export const stepAside = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
