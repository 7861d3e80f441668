import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The build's list of files to fetch ahead, named in the page as the build names it. */
const LIST = { discounts: ['/assets/coupons-page-a.js', '/assets/field-b.js', '/assets/coupons-page-c.css'] };

function pageNamingList() {
  const meta = document.createElement('meta');
  meta.name = 'lazy-files';
  meta.content = '/assets/lazy-files-x.json';
  document.head.append(meta);
}

/** A fresh copy of the module: what it has asked for is its own state. */
const freshModule = async () => {
  vi.resetModules();
  return import('../fetch-ahead');
};

describe('fetchAhead', () => {
  let requests: string[];

  beforeEach(() => {
    requests = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        requests.push(url);
        return url.endsWith('.json') ? Response.json(LIST) : new Response('');
      }),
    );
    vi.stubGlobal('requestIdleCallback', (work: () => void) => setTimeout(work, 0));
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    document.head.replaceChildren();
  });

  it('asks for each of the screen’s files once, into the browser’s cache', async () => {
    pageNamingList();
    const { fetchAhead } = await freshModule();
    await fetchAhead('discounts');
    await fetchAhead('discounts');
    await vi.waitFor(() => expect(requests).toHaveLength(4));
    expect(requests).toEqual(['/assets/lazy-files-x.json', ...LIST.discounts]);
  });

  it('fetches only the list for a name it does not hold', async () => {
    pageNamingList();
    const { fetchAhead } = await freshModule();
    await fetchAhead('no-such-screen');
    expect(requests).toEqual(['/assets/lazy-files-x.json']);
  });

  it('fetches nothing on a page that names no list (a development build)', async () => {
    const { fetchAhead } = await freshModule();
    await fetchAhead('discounts');
    expect(requests).toEqual([]);
  });
});
