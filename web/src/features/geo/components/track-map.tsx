import { type MouseEvent, useState } from 'react';
import type { TTrackPoint } from '#contract/geo';
import { openExternalLink } from '@/messenger/links';
import { useVerticalSwipesOff } from '@/messenger/vertical-swipes';
import { geoTexts } from '../texts';
import { projectTrack, scaleBarM, TILE_PX, type Tile, tilesCovering, trackLengthM } from './track-geometry';
import './track-map.css';

const FRAME = { width: 340, height: 240, padding: 28 };
// Short enough to leave the bottom-right corner to the attribution on a narrow phone.
const SCALE_BAR_MAX_PX = 80;
const OSM_COPYRIGHT_URL = 'https://www.openstreetmap.org/copyright';

const tileKey = ({ zoom, x, y }: Tile) => `${zoom}/${x}/${y}`;
const tileUrl = (tile: Tile) => `https://tile.openstreetmap.org/${tileKey(tile)}.png`;
// The frame keeps its proportions at any width, so tiles are placed in percent of it.
const percentOf = (value: number, whole: number) => `${(value / whole) * 100}%`;
// Each tile drawn a pixel larger overlaps the next: at fractional positions the browser would
// otherwise leave a hairline of ground between them.
const TILE_DRAWN_PX = TILE_PX + 1;

const formatDistance = (metres: number) =>
  metres < 1000 ? geoTexts.meters(metres) : geoTexts.kilometers(metres / 1000);

function openCopyright(event: MouseEvent) {
  event.preventDefault();
  openExternalLink(OSM_COPYRIGHT_URL);
}

/**
 * A recorded track on OpenStreetMap tiles (ADR 0010): the tiles as images under an SVG line
 * through the points, both in the same Web Mercator pixels, with start and end marks, a scale bar
 * and north. Without the network the line stays on plain ground and the caption says so.
 */
export function TrackMap({ points }: { points: readonly TTrackPoint[] }) {
  // A broken image still draws a frame and an icon: tiles that did not load are left out.
  const [failedTiles, setFailedTiles] = useState<ReadonlySet<string>>(new Set());
  // A finger on the map follows the track; a swipe down there must not close the app.
  useVerticalSwipesOff();
  const view = projectTrack(points, FRAME);
  const { xy, pxPerM } = view;
  const first = xy[0];
  const last = xy.at(-1);
  if (!first || !last) return null;
  const length = formatDistance(trackLengthM(points));
  const barM = scaleBarM(pxPerM, SCALE_BAR_MAX_PX);
  const barPx = barM * pxPerM;
  const barY = FRAME.height - 12;
  const bar = `M12 ${barY - 5} V${barY} H${12 + barPx} V${barY - 5}`;
  const line = xy.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ');

  return (
    <figure className="track-map">
      <div className="track-map__frame">
        {tilesCovering(view, FRAME)
          .filter((tile) => !failedTiles.has(tileKey(tile)))
          .map((tile) => (
            <img
              key={tileKey(tile)}
              className="track-map__tile"
              src={tileUrl(tile)}
              alt=""
              loading="lazy"
              // The page sends no Referer (helmet's default); OSM's tile policy asks web pages for one.
              referrerPolicy="strict-origin"
              draggable={false}
              style={{
                left: percentOf(tile.left, FRAME.width),
                top: percentOf(tile.top, FRAME.height),
                width: percentOf(TILE_DRAWN_PX, FRAME.width),
                height: percentOf(TILE_DRAWN_PX, FRAME.height),
              }}
              onError={() => setFailedTiles((failed) => new Set(failed).add(tileKey(tile)))}
            />
          ))}
        <svg
          className="track-map__svg"
          viewBox={`0 0 ${FRAME.width} ${FRAME.height}`}
          role="img"
          aria-label={geoTexts.mapLabel(geoTexts.pointCount(points.length), length)}
        >
          <g className="track-map__north" transform={`translate(${FRAME.width - 20} 22)`}>
            <path d="M0 -10 L5 4 L0 1 L-5 4 Z" />
            <text y="17" textAnchor="middle">
              {geoTexts.north}
            </text>
          </g>
          {xy.length > 1 && (
            <>
              <polyline className="track-map__casing" points={line} />
              <polyline className="track-map__line" points={line} />
            </>
          )}
          <circle className="track-map__start" cx={first[0]} cy={first[1]} r="7">
            <title>{geoTexts.start}</title>
          </circle>
          {xy.length > 1 && (
            <circle className="track-map__end" cx={last[0]} cy={last[1]} r="7">
              <title>{geoTexts.end}</title>
            </circle>
          )}
          <g className="track-map__scale">
            <path className="track-map__halo" d={bar} />
            <path d={bar} />
            <text x={16 + barPx} y={barY}>
              {formatDistance(barM)}
            </text>
          </g>
        </svg>
        <a
          className="track-map__attribution"
          href={OSM_COPYRIGHT_URL}
          target="_blank"
          rel="noopener noreferrer"
          onClick={openCopyright}
        >
          {geoTexts.mapAttribution}
        </a>
      </div>
      <figcaption className="track-map__caption">
        <span className="track-map__legend">
          <span className="track-map__dot track-map__dot--start" aria-hidden="true" />
          {geoTexts.start}
          <span className="track-map__dot track-map__dot--end" aria-hidden="true" />
          {geoTexts.end}
          <span className="track-map__length">{geoTexts.length(length)}</span>
        </span>
        {failedTiles.size > 0 && <span className="track-map__note">{geoTexts.mapUnavailable}</span>}
      </figcaption>
    </figure>
  );
}
