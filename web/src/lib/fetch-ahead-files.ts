/**
 * What the fetch-ahead worker does (fetch-ahead-worker.ts): the build's list of files read once, then
 * each file of a name asked for fetched once into the browser's cache, a few at a time, so that
 * the screen's own requests are not crowded out on a slow network. A file that could not be had is
 * asked for again the next time its name is.
 */

/** What the page tells the worker: the list's address first, then the names to fetch ahead. */
export type FetchAheadMessage = { list: string } | { key: string };

/** Requests at once: the browser gives a host six, and the screen on view needs some of them. */
const AT_ONCE = 3;

export function filesFetcher(fetchFile: typeof fetch) {
  let listUrl: string | undefined;
  let lists: Promise<Record<string, string[]>> | undefined;
  const asked = new Set<string>();
  const waiting: string[] = [];
  let running = 0;

  // A list that cannot be had means nothing is fetched ahead now; it is asked for again later.
  const listsOfFiles = () => {
    if (!listUrl) return Promise.resolve<Record<string, string[]>>({});
    const url = listUrl;
    lists ??= fetchFile(url)
      .then((response) => {
        if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
        return response.json() as Promise<Record<string, string[]>>;
      })
      .catch((error: unknown) => {
        console.warn('Could not fetch the list of files to fetch ahead', error);
        lists = undefined;
        return {} as Record<string, string[]>;
      });
    return lists;
  };

  const next = () => {
    while (running < AT_ONCE && waiting.length > 0) {
      const file = waiting.shift() as string;
      running += 1;
      fetchFile(file)
        .then((response) => response.arrayBuffer())
        .catch(() => asked.delete(file))
        .finally(() => {
          running -= 1;
          next();
        });
    }
  };

  return async (message: FetchAheadMessage): Promise<void> => {
    if ('list' in message) {
      listUrl = message.list;
      return;
    }
    const fresh = ((await listsOfFiles())[message.key] ?? []).filter((file) => !asked.has(file));
    for (const file of fresh) asked.add(file);
    waiting.push(...fresh);
    next();
  };
}
