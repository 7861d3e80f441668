import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TGeoTrack, TGeoTrackSummary } from '#contract/geo';
import { stubApi } from '@/test/fake-api';
import { adminUser, jsonResponse, renderWithProviders } from '@/test/render';
import { RecordedTracks } from '../components/recorded-tracks';

// The server's zone, as /api/me names it (adminUser), whatever the phone's.
const tz = 'Europe/Moscow';
const summary: TGeoTrackSummary = {
  userId: 42,
  username: 'demo_admin',
  firstName: 'Анна',
  day: '2026-07-01',
  points: 3,
  startedAt: '2026-07-01T08:00:00.000Z',
  endedAt: '2026-07-01T09:00:00.000Z',
};
const track: TGeoTrack = {
  userId: 42,
  username: 'demo_admin',
  firstName: 'Анна',
  day: '2026-07-01',
  points: [
    { lat: 62.03, lon: 33.98, accuracy: 5, ts: '2026-07-01T08:00:00.000Z', type: 'START' },
    { lat: 62.04, lon: 33.99, accuracy: 5, ts: '2026-07-01T08:30:00.000Z', type: 'PART' },
    { lat: 62.05, lon: 34.0, accuracy: 5, ts: '2026-07-01T09:00:00.000Z', type: 'END' },
  ],
};

describe('RecordedTracks', () => {
  it('lists tracks by user and day, opens one on its map and downloads its GPX', async () => {
    const api = stubApi({
      [`GET /api/geo/tracks?tz=${tz}`]: () => jsonResponse([summary]),
      [`GET /api/geo/tracks/42/2026-07-01?tz=${tz}`]: () => jsonResponse(track),
      [`GET /api/geo/tracks/42/2026-07-01/gpx-link?tz=${tz}`]: () =>
        jsonResponse({ url: '/api/geo/gpx?token=abc.def', fileName: 'track-demo_admin-2026-07-01.gpx' }),
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.href).toBe(`${window.location.origin}/api/geo/gpx?token=abc.def`);
      expect(this.download).toBe('track-demo_admin-2026-07-01.gpx');
    });
    const user = userEvent.setup();
    renderWithProviders(<RecordedTracks />, { user: adminUser });

    const entry = await screen.findByRole('button', {
      name: /@demo_admin.*01.07.2026.*11:00–12:00 по Москве.*3 точки/,
    });
    expect(entry).toHaveAttribute('aria-expanded', 'false');
    await user.click(entry);
    expect(entry).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('img', { name: /Схема маршрута: 3 точки/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Скачать GPX' }));
    expect(await screen.findByText('Файл GPX скачивается')).toBeInTheDocument();
    expect(click).toHaveBeenCalledOnce();
    expect(api.callsTo(`GET /api/geo/tracks/42/2026-07-01/gpx-link?tz=${tz}`)).toHaveLength(1);
  });

  it('says when nothing has been recorded', async () => {
    stubApi({ [`GET /api/geo/tracks?tz=${tz}`]: () => jsonResponse([]) });
    renderWithProviders(<RecordedTracks />, { user: adminUser });
    expect(await screen.findByText('Записанных маршрутов пока нет')).toBeInTheDocument();
  });
});
