import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './processes.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Now on the clock of `--cpu-prof` (the monotonic clock, in microseconds). */
export const profileClock = () => Number(process.hrtime.bigint() / 1000n);

/** How many samples fell on each profile node between `from` and `to` (the profile's clock). */
function hitsWithin(profile: Profile, from: number, to: number): Map<number, number> {
  const hits = new Map<number, number>();
  let at = profile.startTime;
  profile.samples.forEach((node, index) => {
    at += profile.timeDeltas[index] ?? 0;
    if (at >= from && at <= to) hits.set(node, (hits.get(node) ?? 0) + 1);
  });
  return hits;
}

/** Where a frame lives: an npm package, a file of ours, or Node itself. */
function placeOf(url: string): string {
  if (!url) return '(native)';
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inPackage) return inPackage[1] ?? url;
  if (url.startsWith('node:')) return 'node';
  return path.relative(ROOT, url.replace(/^file:\/\//, ''));
}

/**
 * The self time of the `--cpu-prof` profiles in `folder` between `from` and `to` (profileClock()),
 * summed by where the code lives and by function: the top `limit` of each, as shares of the busy
 * samples (idle left out; «(program)» is native code V8 does not name).
 */
export function summarizeCpuProfiles(folder: string, from: number, to: number, limit = 12) {
  const byPlace = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let busy = 0;
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as Profile;
    const hitsOf = hitsWithin(profile, from, to);
    for (const node of profile.nodes) {
      const hits = hitsOf.get(node.id) ?? 0;
      const { functionName, url, lineNumber } = node.callFrame;
      if (hits === 0 || functionName === '(idle)') continue;
      busy += hits;
      const place = placeOf(url);
      byPlace.set(place, (byPlace.get(place) ?? 0) + hits);
      const name = `${functionName || '(anonymous)'} ${place}:${lineNumber + 1}`;
      byFunction.set(name, (byFunction.get(name) ?? 0) + hits);
    }
  }
  const top = (counts: Map<string, number>) =>
    [...counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, limit)
      .map(([name, hits]) => ({ name, 'self %': ((hits / busy) * 100).toFixed(1) }));
  return { places: top(byPlace), functions: top(byFunction) };
}
