import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** What the page told each worker it made, in order. */
let workers: Array<{ url: string; messages: unknown[] }>;

class RecordingWorker {
  private readonly record: { url: string; messages: unknown[] };
  constructor(url: URL | string) {
    this.record = { url: String(url), messages: [] };
    workers.push(this.record);
  }
  postMessage(message: unknown) {
    this.record.messages.push(message);
  }
}

function pageNamingList() {
  const meta = document.createElement('meta');
  meta.name = 'lazy-files';
  meta.content = '/assets/lazy-files-x.json';
  document.head.append(meta);
}

/** A fresh copy of the module: its worker is its own state. */
const freshModule = async () => {
  vi.resetModules();
  return import('../fetch-ahead');
};

describe('fetchAhead', () => {
  beforeEach(() => {
    workers = [];
    vi.stubGlobal('Worker', RecordingWorker);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    document.head.replaceChildren();
  });

  it('hands the names to one worker, the list’s address first', async () => {
    pageNamingList();
    const { fetchAhead } = await freshModule();
    fetchAhead('discounts');
    fetchAhead('my-coupons');
    expect(workers).toHaveLength(1);
    expect(workers[0]?.url).toContain('fetch-ahead-worker');
    expect(workers[0]?.messages).toEqual([
      { list: '/assets/lazy-files-x.json' },
      { key: 'discounts' },
      { key: 'my-coupons' },
    ]);
  });

  it('makes no worker on a page that names no list (a development build)', async () => {
    const { fetchAhead } = await freshModule();
    fetchAhead('discounts');
    expect(workers).toEqual([]);
  });
});
