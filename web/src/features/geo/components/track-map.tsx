import type { TTrackPoint } from '#contract/geo';
import { geoTexts } from '../texts';
import { projectTrack, scaleBarM, trackLengthM } from './track-geometry';
import './track-map.css';

const FRAME = { width: 340, height: 240, padding: 28 };
const SCALE_BAR_MAX_PX = 110;

const formatDistance = (metres: number) =>
  metres < 1000 ? geoTexts.meters(metres) : geoTexts.kilometers(metres / 1000);

/**
 * A recorded track drawn offline: an SVG line through its points scaled to their bounding box,
 * with start and end marks and a scale bar. No map tiles (they would need the network, which the
 * app's content policy does not allow), and the screen says so.
 */
export function TrackMap({ points }: { points: readonly TTrackPoint[] }) {
  const { xy, pxPerM } = projectTrack(points, FRAME);
  const first = xy[0];
  const last = xy.at(-1);
  if (!first || !last) return null;
  const length = formatDistance(trackLengthM(points));
  const barM = pxPerM === undefined ? undefined : scaleBarM(pxPerM, SCALE_BAR_MAX_PX);
  const barPx = barM === undefined || pxPerM === undefined ? 0 : barM * pxPerM;
  const barY = FRAME.height - 12;

  return (
    <figure className="track-map">
      <svg
        className="track-map__svg"
        viewBox={`0 0 ${FRAME.width} ${FRAME.height}`}
        role="img"
        aria-label={geoTexts.mapLabel(geoTexts.pointCount(points.length), length)}
      >
        <rect className="track-map__ground" width={FRAME.width} height={FRAME.height} rx="14" />
        <g className="track-map__north" transform={`translate(${FRAME.width - 20} 22)`}>
          <path d="M0 -10 L5 4 L0 1 L-5 4 Z" />
          <text y="17" textAnchor="middle">
            {geoTexts.north}
          </text>
        </g>
        {xy.length > 1 && (
          <polyline
            className="track-map__line"
            points={xy.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ')}
          />
        )}
        <circle className="track-map__start" cx={first[0]} cy={first[1]} r="7">
          <title>{geoTexts.start}</title>
        </circle>
        {xy.length > 1 && (
          <circle className="track-map__end" cx={last[0]} cy={last[1]} r="7">
            <title>{geoTexts.end}</title>
          </circle>
        )}
        {barM !== undefined && (
          <g className="track-map__scale">
            <path d={`M12 ${barY - 5} V${barY} H${12 + barPx} V${barY - 5}`} />
            <text x={16 + barPx} y={barY}>
              {formatDistance(barM)}
            </text>
          </g>
        )}
      </svg>
      <figcaption className="track-map__caption">
        <span className="track-map__legend">
          <span className="track-map__dot track-map__dot--start" aria-hidden="true" />
          {geoTexts.start}
          <span className="track-map__dot track-map__dot--end" aria-hidden="true" />
          {geoTexts.end}
          <span className="track-map__length">{geoTexts.length(length)}</span>
        </span>
        <span className="track-map__note">{geoTexts.mapNote}</span>
      </figcaption>
    </figure>
  );
}
