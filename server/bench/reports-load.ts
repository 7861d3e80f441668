/**
 * The reports' load generator of `npm run bench`, in a process of its own: each person asks for
 * their report again as soon as the last one has come in full, for `seconds`. Reads a JSON job as its
 * argument, prints a JSON result: per person, how many reports came, their size and their times.
 */
import http from 'node:http';

export interface ReportsLoadJob {
  people: { name: string; url: string; headers: Record<string, string> }[];
  seconds: number;
}

export interface ReportsLoadResult {
  name: string;
  reports: number;
  wrong: number;
  bytes: number;
  p50: number;
  max: number;
}

const job = JSON.parse(process.argv[2] ?? '{}') as ReportsLoadJob;
const until = performance.now() + job.seconds * 1000;

function ask(url: string, headers: Record<string, string>): Promise<{ ok: boolean; bytes: number }> {
  return new Promise((resolve) => {
    const request = http.get(url, { headers }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.once('end', () => resolve({ ok: response.statusCode === 200, bytes }));
    });
    request.setTimeout(60_000, () => request.destroy(new Error('timed out')));
    request.once('error', () => resolve({ ok: false, bytes: 0 }));
  });
}

const results = await Promise.all(
  job.people.map(async (person): Promise<ReportsLoadResult> => {
    const times: number[] = [];
    let wrong = 0;
    let bytes = 0;
    while (performance.now() < until) {
      const start = performance.now();
      const answer = await ask(person.url, person.headers);
      if (answer.ok) times.push(performance.now() - start);
      else wrong += 1;
      bytes = Math.max(bytes, answer.bytes);
    }
    times.sort((a, b) => a - b);
    return {
      name: person.name,
      reports: times.length,
      wrong,
      bytes,
      p50: times[Math.floor(times.length / 2)] ?? 0,
      max: times.at(-1) ?? 0,
    };
  }),
);
console.log(JSON.stringify(results));
