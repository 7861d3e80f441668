/**
 * The Bot API of `npm run bench -- --burst`, in a process of its own: the server suites' fake
 * (test-support/fake-bot-api.ts) with Telegram's flood limit on getChatMember, on loopback. Reads
 * a JSON job as its argument; prints its apiRoot, then the address where it tells what it was asked
 * (GET → every getChatMember so far, counted by status and by second).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startFakeBotApi } from '#test-support/fake-bot-api';

export interface FakeTelegramJob {
  token: string;
  perSecond: number;
  retryAfterS: number;
  /** Users `firstMember`… `firstMember + members - 1` are in the chat; the rest are not known to it. */
  firstMember: number;
  members: number;
}

export interface FakeTelegramCounts {
  getChatMember: number;
  /** Answers by HTTP status: 200 (in or out of the chat), 400 (not known to it), 429 (flood limit). */
  byStatus: Record<string, number>;
  /** getChatMember calls per second and status (epoch seconds → status → calls). */
  perSecond: Record<string, Record<string, number>>;
}

const job = JSON.parse(process.argv[2] ?? '{}') as FakeTelegramJob;
const telegram = await startFakeBotApi({
  token: job.token,
  getChatMemberLimit: { perSecond: job.perSecond, retryAfterS: job.retryAfterS },
});
for (let i = 0; i < job.members; i += 1) telegram.members.set(job.firstMember + i, 'member');

const control = createServer((_request, response) => {
  const counts: FakeTelegramCounts = { getChatMember: 0, byStatus: {}, perSecond: {} };
  for (const call of telegram.callsOf('getChatMember')) {
    counts.getChatMember += 1;
    const status = String(call.status ?? 'unanswered');
    counts.byStatus[status] = (counts.byStatus[status] ?? 0) + 1;
    const second = String(Math.floor(call.at / 1000));
    const inSecond = counts.perSecond[second] ?? {};
    inSecond[status] = (inSecond[status] ?? 0) + 1;
    counts.perSecond[second] = inSecond;
  }
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify(counts));
});
await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
console.log(telegram.apiRoot);
console.log(`http://127.0.0.1:${(control.address() as AddressInfo).port}`);

process.on('SIGTERM', () => {
  control.close();
  void telegram.close().then(() => process.exit(0));
});
