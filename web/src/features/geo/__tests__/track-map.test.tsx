import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TTrackPoint } from '#contract/geo';
import { distanceM, projectTrack, scaleBarM } from '../components/track-geometry';
import { TrackMap } from '../components/track-map';

const point = (lat: number, lon: number, type: TTrackPoint['type'] = 'PART'): TTrackPoint => ({
  lat,
  lon,
  accuracy: 5,
  ts: '2026-07-01T08:00:00.000Z',
  type,
});

const FRAME = { width: 340, height: 240, padding: 28 };

describe('track geometry', () => {
  it('measures a degree of latitude as about 111 km', () => {
    expect(distanceM(point(60, 30), point(61, 30))).toBeCloseTo(111_195, -1);
  });

  it('fits the track into the frame, north up and east right, keeping proportions', () => {
    // About 1.1 km north and 1.1 km east at 60°N (a degree of longitude is half as long there).
    const track = [point(60, 30), point(60.01, 30), point(60.01, 30.02)];
    const { xy, pxPerM } = projectTrack(track, FRAME);
    const [south, north, east] = xy as [[number, number], [number, number], [number, number]];

    expect(north[1]).toBeLessThan(south[1]);
    expect(east[0]).toBeGreaterThan(north[0]);
    expect(north[1]).toBeCloseTo(FRAME.padding, 5);
    expect(south[1]).toBeCloseTo(FRAME.height - FRAME.padding, 5);
    // Equal distances look equal: the eastward leg is as long as the northward one.
    expect(east[0] - north[0]).toBeCloseTo(south[1] - north[1], -1);
    expect(pxPerM).toBeCloseTo(
      (FRAME.height - 2 * FRAME.padding) / distanceM(track[0] as TTrackPoint, track[1] as TTrackPoint),
      2,
    );
  });

  it('puts a single point in the middle, with no scale', () => {
    expect(projectTrack([point(55, 37)], FRAME)).toEqual({ xy: [[170, 120]], pxPerM: undefined });
  });

  it('picks a round scale bar no longer than asked', () => {
    expect(scaleBarM(0.1, 110)).toBe(1000);
    expect(scaleBarM(0.05, 110)).toBe(2000);
    expect(scaleBarM(1, 110)).toBe(100);
    expect(scaleBarM(0.3, 110)).toBe(200);
  });
});

describe('TrackMap', () => {
  it('draws the line, start and end marks, a scale and says it is a schematic', () => {
    const { container } = render(
      <TrackMap points={[point(60, 30, 'START'), point(60.01, 30), point(60.01, 30.02, 'END')]} />,
    );
    expect(screen.getByRole('img', { name: /Схема маршрута: 3 точки, длина 2,2 км/ })).toBeInTheDocument();
    expect(container.querySelector('polyline')?.getAttribute('points')?.split(' ')).toHaveLength(3);
    expect(container.querySelector('.track-map__start title')).toHaveTextContent('Старт');
    expect(container.querySelector('.track-map__end title')).toHaveTextContent('Финиш');
    expect(container.querySelector('.track-map__scale text')).toHaveTextContent('500 м');
    expect(
      screen.getByText('Схема без подложки карты: линия маршрута по координатам, север сверху.'),
    ).toBeInTheDocument();
  });

  it('draws one mark and no line for a single point', () => {
    const { container } = render(<TrackMap points={[point(60, 30, 'START')]} />);
    expect(container.querySelector('polyline')).toBeNull();
    expect(container.querySelectorAll('circle')).toHaveLength(1);
    expect(container.querySelector('.track-map__scale')).toBeNull();
  });
});
