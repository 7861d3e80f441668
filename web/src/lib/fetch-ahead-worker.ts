import { type FetchAheadMessage, filesFetcher } from './fetch-ahead-files';

/**
 * The page's fetching ahead, off its main thread: each fetch() there cost about a millisecond of it
 * (some 80 ms for Home's buttons' screens), in idle moments that Lighthouse still counted as blocking.
 * A dedicated worker's requests fill the same HTTP cache the page's scripts are then read from.
 */
const fetchAhead = filesFetcher(fetch);
addEventListener('message', (event: MessageEvent<FetchAheadMessage>) => void fetchAhead(event.data));
