import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TTrackPoint } from '#contract/geo';
import { openExternalLink } from '@/messenger/links';
import {
  distanceM,
  mercatorPx,
  projectTrack,
  pxPerMetre,
  scaleBarM,
  TILE_PX,
  tilesCovering,
} from '../components/track-geometry';
import { TrackMap } from '../components/track-map';

vi.mock('@/messenger/links', () => ({ openExternalLink: vi.fn() }));

const point = (lat: number, lon: number, type: TTrackPoint['type'] = 'PART'): TTrackPoint => ({
  lat,
  lon,
  accuracy: 5,
  ts: '2026-07-01T08:00:00.000Z',
  type,
});

const FRAME = { width: 340, height: 240, padding: 28 };
// About 1.1 km north, then 1.1 km east, at 60°N (a degree of longitude is half as long there).
const TRACK = [point(60, 30, 'START'), point(60.01, 30), point(60.01, 30.02, 'END')];

describe('track geometry', () => {
  it('measures a degree of latitude as about 111 km', () => {
    expect(distanceM(point(60, 30), point(61, 30))).toBeCloseTo(111_195, -1);
  });

  it('places a point where the map tiles have it', () => {
    expect(mercatorPx(point(0, 0))).toEqual([128, 128]);
    // 60°N 30°E lies in tile 597/297 of zoom 10 (the slippy-map tile formula, tan + sec).
    const [x, y] = mercatorPx(point(60, 30)).map((px) => Math.floor((px * 2 ** 10) / TILE_PX));
    expect([x, y]).toEqual([597, 297]);
  });

  it('measures the map as Mercator does: a metre grows with latitude', () => {
    // About 156 km a pixel at the equator at zoom 0, half that per zoom step, half again at 60°.
    expect(1 / pxPerMetre(0, 0)).toBeCloseTo(156_368, -1);
    expect(pxPerMetre(0, 13)).toBeCloseTo(pxPerMetre(0, 0) * 2 ** 13, 10);
    expect(pxPerMetre(60, 13)).toBeCloseTo(2 * pxPerMetre(0, 13), 10);
  });

  it('fits the track at the closest whole zoom, centred, north up and east right', () => {
    const { zoom, xy, pxPerM } = projectTrack(TRACK, FRAME);
    const [south, north, east] = xy as [[number, number], [number, number], [number, number]];

    // 1.1 km is 116 px at zoom 13 there: it fits the 184 px between the paddings; 233 px would not.
    expect(zoom).toBe(13);
    expect(north[1]).toBeLessThan(south[1]);
    expect(east[0]).toBeGreaterThan(north[0]);
    expect((north[1] + south[1]) / 2).toBeCloseTo(FRAME.height / 2, 5);
    expect((north[0] + east[0]) / 2).toBeCloseTo(FRAME.width / 2, 5);
    // Equal distances look equal: the eastward leg is as long as the northward one.
    expect(east[0] - north[0]).toBeCloseTo(south[1] - north[1], 0);
    // The scale agrees with the drawing: the northward leg is its length in metres × pxPerM.
    expect((south[1] - north[1]) / (distanceM(point(60, 30), point(60.01, 30)) * pxPerM)).toBeCloseTo(1, 2);
  });

  it('shows a single point in the middle at the closest zoom, and a continent at the farthest', () => {
    expect(projectTrack([point(55, 37)], FRAME)).toMatchObject({ zoom: 17, xy: [[170, 120]] });
    expect(projectTrack([point(55.75, 37.62), point(43.12, 131.9)], FRAME).zoom).toBe(3);
  });

  it('covers the frame with the tiles under the track', () => {
    const view = projectTrack(TRACK, FRAME);
    const tiles = tilesCovering(view, FRAME);

    expect(tiles.map(({ zoom, x, y }) => `${zoom}/${x}/${y}`)).toEqual([
      '13/4778/2378',
      '13/4779/2378',
      '13/4778/2379',
      '13/4779/2379',
    ]);
    // The start lies in tile 4778/2379, at its place within it on the map.
    const [startX, startY] = view.xy[0] as [number, number];
    const tile = tiles[2] as (typeof tiles)[number];
    const [worldX, worldY] = mercatorPx(point(60, 30)).map((px) => (px * 2 ** 13) / TILE_PX);
    expect((startX - tile.left) / TILE_PX).toBeCloseTo((worldX as number) - tile.x, 6);
    expect((startY - tile.top) / TILE_PX).toBeCloseTo((worldY as number) - tile.y, 6);
  });

  it('wraps tile columns round the antimeridian and leaves out rows beyond the poles', () => {
    const view = { zoom: 3, origin: [-100, -100] as [number, number], xy: [], pxPerM: 1 };
    expect(tilesCovering(view, FRAME)).toEqual([
      { zoom: 3, x: 7, y: 0, left: -156, top: 100 },
      { zoom: 3, x: 0, y: 0, left: 100, top: 100 },
    ]);
  });

  it('picks a round scale bar no longer than asked', () => {
    expect(scaleBarM(0.1, 110)).toBe(1000);
    expect(scaleBarM(0.05, 110)).toBe(2000);
    expect(scaleBarM(1, 110)).toBe(100);
    expect(scaleBarM(0.3, 110)).toBe(200);
  });
});

describe('TrackMap', () => {
  it('draws the line, start and end marks and a scale over OpenStreetMap tiles', () => {
    const { container } = render(<TrackMap points={TRACK} />);
    expect(screen.getByRole('img', { name: /Схема маршрута: 3 точки, длина 2,2 км/ })).toBeInTheDocument();
    expect(container.querySelector('.track-map__line')?.getAttribute('points')?.split(' ')).toHaveLength(3);
    expect(container.querySelector('.track-map__start title')).toHaveTextContent('Старт');
    expect(container.querySelector('.track-map__end title')).toHaveTextContent('Финиш');
    expect(container.querySelector('.track-map__scale text')).toHaveTextContent('500 м');

    const tiles = [...container.querySelectorAll('img')];
    expect(tiles.map((tile) => tile.getAttribute('src'))).toContain(
      'https://tile.openstreetmap.org/13/4778/2379.png',
    );
    for (const tile of tiles) {
      expect(tile).toHaveAttribute('alt', '');
      expect(tile).toHaveAttribute('loading', 'lazy');
    }
    expect(screen.queryByText(/Карта не загрузилась/)).toBeNull();
  });

  it('credits OpenStreetMap with a link to its copyright page, opened outside the app', async () => {
    render(<TrackMap points={TRACK} />);
    const link = screen.getByRole('link', { name: '© участники OpenStreetMap' });
    expect(link).toHaveAttribute('href', 'https://www.openstreetmap.org/copyright');
    await userEvent.click(link);
    expect(openExternalLink).toHaveBeenCalledWith('https://www.openstreetmap.org/copyright');
  });

  it('leaves out tiles that do not load, keeps the line and says the map is missing', () => {
    const { container } = render(<TrackMap points={TRACK} />);
    expect(container.querySelectorAll('img')).toHaveLength(4);
    fireEvent.error(container.querySelector('img') as HTMLImageElement);
    // A broken image would draw its frame and icon over the ground.
    expect(container.querySelectorAll('img')).toHaveLength(3);
    expect(
      screen.getByText('Карта не загрузилась: линия маршрута показана по координатам, север сверху.'),
    ).toBeInTheDocument();
    expect(container.querySelector('.track-map__line')).toBeInTheDocument();
  });

  it('draws one mark and no line for a single point, on the map at its closest zoom', () => {
    const { container } = render(<TrackMap points={[point(60, 30, 'START')]} />);
    expect(container.querySelector('polyline')).toBeNull();
    expect(container.querySelectorAll('circle')).toHaveLength(1);
    expect(container.querySelector('img')?.getAttribute('src')).toMatch(
      /^https:\/\/tile\.openstreetmap\.org\/17\//,
    );
    expect(container.querySelector('.track-map__scale text')).toHaveTextContent(/м$/);
  });
});
