/**
 * The load a crash is measured under, in a process of its own: `workers` loops, each buying the
 * demo member's coupons through the sandbox checkout and reading My QR, until the process is ended.
 * Prints one line a second: purchases done so far.
 */
import { DEMO_USERS } from '../src/db/seed/demo-users.ts';
import { signInitData } from '../src/telegram/init-data.ts';
import { buyCoupon } from './buy.ts';

export interface WriteLoadJob {
  base: string;
  botToken: string;
  workers: number;
}

const job = JSON.parse(process.argv[2] ?? '{}') as WriteLoadJob;
const member = DEMO_USERS[2];
const auth = { authorization: `tma ${signInitData({ ...member, lastName: null }, job.botToken)}` };
const myQr = `${job.base}/api/coupon/valid/qr/customer/${member.username}`;
let bought = 0;
let failed = 0;
setInterval(() => console.log(JSON.stringify({ bought, failed })), 1_000);
async function worker() {
  for (;;) {
    try {
      await buyCoupon(job.base, auth, member.username);
      await (await fetch(myQr, { headers: auth })).arrayBuffer();
      bought += 1;
    } catch {
      failed += 1;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
await Promise.all(Array.from({ length: job.workers }, worker));
