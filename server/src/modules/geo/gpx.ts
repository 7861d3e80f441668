import type { TGeoTrack } from '#contract/geo';

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (char) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[char]};`,
  );

// xsd:decimal has no exponent, and String(0.0000001) is "1e-7"; 7 places are about a centimetre.
const decimal = (value: number) => value.toFixed(7);

export const gpxFileName = (track: Pick<TGeoTrack, 'userId' | 'username' | 'day'>) =>
  `track-${track.username ?? track.userId}-${track.day}.gpx`;

/**
 * The track as GPX 1.1. Each START opens a new segment, so two recordings of one day stay two
 * lines; the accuracy goes into the point's description, GPX having no element for it.
 */
export function toGpx(track: TGeoTrack): string {
  const segments: TGeoTrack['points'][] = [];
  for (const point of track.points) {
    const current = segments.at(-1);
    if (!current || (point.type === 'START' && current.length > 0)) segments.push([point]);
    else current.push(point);
  }
  const who = track.username ? `@${track.username}` : track.firstName;
  const name = escapeXml(`${who}, ${track.day}`);
  const trkpt = (point: TGeoTrack['points'][number]) =>
    [
      `      <trkpt lat="${decimal(point.lat)}" lon="${decimal(point.lon)}">`,
      `        <time>${point.ts}</time>`,
      `        <desc>Точность ${Math.round(point.accuracy)} м</desc>`,
      `        <type>${point.type}</type>`,
      '      </trkpt>',
    ].join('\n');

  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<gpx version="1.1" creator="Катайся с нами" xmlns="http://www.topografix.com/GPX/1/1"' +
      ' xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"' +
      ' xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">',
    '  <metadata>',
    `    <name>${name}</name>`,
    ...(track.points[0] ? [`    <time>${track.points[0].ts}</time>`] : []),
    '  </metadata>',
    '  <trk>',
    `    <name>${name}</name>`,
    ...segments.flatMap((segment) => ['    <trkseg>', ...segment.map(trkpt), '    </trkseg>']),
    '  </trk>',
    '</gpx>',
    '',
  ].join('\n');
}
