/** SPEC §4: a list that could not be loaded is asked for again every 5 s until it arrives. */
const CONNECTION_RETRY_MS = 5000;

export const retryWhileFailing = (query: { state: { status: string } }) =>
  query.state.status === 'error' ? CONNECTION_RETRY_MS : false;
