import { describe, expect, it } from 'vitest';
import { filesFetcher } from '../fetch-ahead-files';

/** The build's list of files to fetch ahead, named as the build names it. */
const LIST_URL = '/assets/lazy-files-x.json';
const LIST = {
  discounts: ['/assets/coupons-page-a.js', '/assets/field-b.js', '/assets/coupons-page-c.css'],
  'my-coupons': ['/assets/my-coupons-page-d.js', '/assets/field-b.js', '/assets/qr-e.js', '/assets/f.css'],
};

/** A network whose file answers come when the test lets them, or fail when it says so. */
function network() {
  const requests: string[] = [];
  const open = new Map<string, () => void>();
  const failing = new Set<string>();
  let mostAtOnce = 0;
  const fetchFile = (async (input: RequestInfo | URL) => {
    const url = String(input);
    requests.push(url);
    if (url === LIST_URL) return Response.json(LIST);
    await new Promise<void>((resolve) => {
      open.set(url, resolve);
      mostAtOnce = Math.max(mostAtOnce, open.size);
    });
    open.delete(url);
    if (failing.has(url)) throw new TypeError('Failed to fetch');
    return new Response('');
  }) as typeof fetch;
  /** Lets every open request answer, until none is left open. */
  const answerAll = async () => {
    for (let turn = 0; turn < 20; turn += 1) {
      for (const answer of [...open.values()]) answer();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  };
  return { fetchFile, requests, failing, answerAll, mostAtOnce: () => mostAtOnce };
}

/** A fetcher on `net` that has been told the list's address, as the page tells it first. */
async function toldTheList(net: ReturnType<typeof network>) {
  const fetchAhead = filesFetcher(net.fetchFile);
  await fetchAhead({ list: LIST_URL });
  return fetchAhead;
}

describe('filesFetcher', () => {
  it('asks for each file of a name once, the list once, whatever names share a file', async () => {
    const net = network();
    const fetchAhead = await toldTheList(net);
    await fetchAhead({ key: 'discounts' });
    await fetchAhead({ key: 'discounts' });
    await fetchAhead({ key: 'my-coupons' });
    await net.answerAll();
    expect(net.requests.filter((url) => url === LIST_URL)).toHaveLength(1);
    expect(net.requests.filter((url) => url !== LIST_URL).sort()).toEqual(
      [...new Set([...LIST.discounts, ...LIST['my-coupons']])].sort(),
    );
  });

  it('has no more than three requests out at once, and sends them all', async () => {
    const net = network();
    const fetchAhead = await toldTheList(net);
    await fetchAhead({ key: 'discounts' });
    await fetchAhead({ key: 'my-coupons' });
    expect(net.requests).toHaveLength(1 + 3);
    await net.answerAll();
    expect(net.mostAtOnce()).toBe(3);
    expect(net.requests).toHaveLength(1 + 6);
  });

  it('asks again for a file that could not be had, the next time its name is asked for', async () => {
    const net = network();
    net.failing.add('/assets/field-b.js');
    const fetchAhead = await toldTheList(net);
    await fetchAhead({ key: 'discounts' });
    await net.answerAll();
    net.failing.clear();
    await fetchAhead({ key: 'discounts' });
    await net.answerAll();
    expect(net.requests.filter((url) => url === '/assets/field-b.js')).toHaveLength(2);
    expect(net.requests.filter((url) => url === '/assets/coupons-page-a.js')).toHaveLength(1);
  });

  it('fetches only the list for a name it does not hold, and nothing before it knows the list', async () => {
    const net = network();
    const fetchAhead = filesFetcher(net.fetchFile);
    await fetchAhead({ key: 'discounts' });
    expect(net.requests).toEqual([]);
    await fetchAhead({ list: LIST_URL });
    await fetchAhead({ key: 'no-such-screen' });
    expect(net.requests).toEqual([LIST_URL]);
  });
});
