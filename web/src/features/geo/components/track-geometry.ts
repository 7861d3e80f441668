import type { TTrackPoint } from '#contract/geo';

const EARTH_RADIUS_M = 6_371_000;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Side of a map tile, in pixels: the world is one tile at zoom 0 and 2ᶻ × 2ᶻ tiles at zoom z. */
export const TILE_PX = 256;
// Zoom 3 already shows a continent, more than a day's trip; beyond 17 the map grows finer than GPS.
export const MIN_ZOOM = 3;
export const MAX_ZOOM = 17;
// Where Web Mercator makes the world square; beyond it lie no tiles.
const MAX_LATITUDE = 85.051_128_78;

type LatLon = Pick<TTrackPoint, 'lat' | 'lon'>;

/** Great-circle distance between two points, in metres. */
export function distanceM(a: LatLon, b: LatLon): number {
  const dLat = radians(b.lat - a.lat);
  const dLon = radians(b.lon - a.lon);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

export const trackLengthM = (points: readonly TTrackPoint[]) =>
  points.slice(1).reduce((sum, point, index) => sum + distanceM(points[index] as TTrackPoint, point), 0);

/** A point on the Web Mercator world at zoom 0, in pixels from its north-west corner (y grows south). */
export function mercatorPx({ lat, lon }: LatLon): [x: number, y: number] {
  const sin = Math.sin(radians(Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat))));
  return [((lon + 180) / 360) * TILE_PX, (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * TILE_PX];
}

/**
 * Map pixels per metre on the ground at a latitude: Mercator stretches a metre by 1 / cos(latitude).
 * The Earth's radius is the one `distanceM` measures with, so the scale bar agrees with the length.
 */
export const pxPerMetre = (lat: number, zoom: number) =>
  (TILE_PX * 2 ** zoom) / (2 * Math.PI * EARTH_RADIUS_M * Math.cos(radians(lat)));

export type Frame = { width: number; height: number; padding: number };

/** The largest whole zoom at which a span of zoom-0 pixels fits inside the frame's padding. */
export function zoomToFit([spanX, spanY]: [number, number], { width, height, padding }: Frame): number {
  // A zero span divides to Infinity: a single place gets the closest zoom.
  const room = Math.min((width - 2 * padding) / spanX, (height - 2 * padding) / spanY);
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Math.floor(Math.log2(room))));
}

export type TrackView = {
  zoom: number;
  /** The frame's top-left corner on the world map at `zoom`, in pixels. */
  origin: [x: number, y: number];
  /** Frame coordinates of each point, north up. */
  xy: Array<[x: number, y: number]>;
  /** Map pixels per metre at the track's middle latitude. */
  pxPerM: number;
};

/** Centres the track in the frame at the zoom that fits it, in the map tiles' own pixels. */
export function projectTrack(points: readonly TTrackPoint[], frame: Frame): TrackView {
  const world = points.map(mercatorPx);
  const xs = world.map(([x]) => x);
  const ys = world.map(([, y]) => y);
  const lats = points.map((point) => point.lat);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const zoom = zoomToFit([maxX - minX, maxY - minY], frame);
  const scale = 2 ** zoom;
  const origin: [number, number] = [
    ((minX + maxX) / 2) * scale - frame.width / 2,
    ((minY + maxY) / 2) * scale - frame.height / 2,
  ];
  return {
    zoom,
    origin,
    xy: world.map(([x, y]) => [x * scale - origin[0], y * scale - origin[1]]),
    pxPerM: pxPerMetre((Math.min(...lats) + Math.max(...lats)) / 2, zoom),
  };
}

export type Tile = {
  zoom: number;
  /** The tile's column and row in the map's tile grid. */
  x: number;
  y: number;
  /** Its top-left corner in frame coordinates. */
  left: number;
  top: number;
};

/** The tiles that cover the frame; columns wrap round the antimeridian, rows stop at the poles. */
export function tilesCovering(
  { zoom, origin: [originX, originY] }: TrackView,
  { width, height }: Frame,
): Tile[] {
  const count = 2 ** zoom;
  const tiles: Tile[] = [];
  for (let row = Math.floor(originY / TILE_PX); row * TILE_PX < originY + height; row += 1) {
    if (row < 0 || row >= count) continue;
    for (let column = Math.floor(originX / TILE_PX); column * TILE_PX < originX + width; column += 1) {
      tiles.push({
        zoom,
        x: ((column % count) + count) % count,
        y: row,
        left: column * TILE_PX - originX,
        top: row * TILE_PX - originY,
      });
    }
  }
  return tiles;
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
