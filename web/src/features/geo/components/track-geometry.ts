import type { TTrackPoint } from '#contract/geo';

const EARTH_RADIUS_M = 6_371_000;
const METERS_PER_DEGREE = (Math.PI / 180) * EARTH_RADIUS_M;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance between two points, in metres. */
export function distanceM(a: Pick<TTrackPoint, 'lat' | 'lon'>, b: Pick<TTrackPoint, 'lat' | 'lon'>): number {
  const dLat = radians(b.lat - a.lat);
  const dLon = radians(b.lon - a.lon);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

export const trackLengthM = (points: readonly TTrackPoint[]) =>
  points.slice(1).reduce((sum, point, index) => sum + distanceM(points[index] as TTrackPoint, point), 0);

export type Frame = { width: number; height: number; padding: number };

export type Projected = {
  /** SVG coordinates of each point, north up. */
  xy: Array<[x: number, y: number]>;
  /** Pixels per metre; undefined when every point is the same place. */
  pxPerM: number | undefined;
};

/**
 * Projects a track into the frame: metres east and north of its south-west corner (an
 * equirectangular projection at the track's mean latitude, true enough for a day's trip), scaled
 * to fit and centred.
 */
export function projectTrack(points: readonly TTrackPoint[], { width, height, padding }: Frame): Projected {
  const meanLat = points.reduce((sum, point) => sum + point.lat, 0) / points.length;
  const eastScale = Math.cos(radians(meanLat));
  const metres = points.map((point) => ({
    x: point.lon * METERS_PER_DEGREE * eastScale,
    y: point.lat * METERS_PER_DEGREE,
  }));
  const xs = metres.map((m) => m.x);
  const ys = metres.map((m) => m.y);
  const minX = Math.min(...xs);
  const minY = Math.min(...ys);
  const spanX = Math.max(...xs) - minX;
  const spanY = Math.max(...ys) - minY;
  const fits = [
    spanX > 0 ? (width - 2 * padding) / spanX : Infinity,
    spanY > 0 ? (height - 2 * padding) / spanY : Infinity,
  ];
  const pxPerM = Math.min(...fits);
  const scale = Number.isFinite(pxPerM) ? pxPerM : 0;
  const offsetX = (width - spanX * scale) / 2;
  const offsetY = (height - spanY * scale) / 2;
  return {
    xy: metres.map((m) => [offsetX + (m.x - minX) * scale, height - offsetY - (m.y - minY) * scale]),
    pxPerM: Number.isFinite(pxPerM) ? pxPerM : undefined,
  };
}

/** The longest round length (1, 2 or 5 × 10ⁿ metres) that is at most `maxPx` long on the drawing. */
export function scaleBarM(pxPerM: number, maxPx: number): number {
  const limit = maxPx / pxPerM;
  let best = 1;
  for (let power = 1; power <= 10_000_000; power *= 10) {
    for (const step of [1, 2, 5]) {
      if (step * power <= limit) best = step * power;
    }
  }
  return best;
}
