import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TGeoPoint } from '#contract/geo';
import { stubApi } from '@/test/fake-api';
import { adminUser, jsonResponse, partnerUser, renderWithProviders } from '@/test/render';
import { GeoPage } from '../geo-page';

const TRACK = 'POST /api/geo/track';

function fakeGeolocation() {
  let onSuccess: PositionCallback = () => {};
  let onError: PositionErrorCallback | null | undefined;
  const watchPosition = vi.fn(
    (success: PositionCallback, error?: PositionErrorCallback | null, _options?: PositionOptions) => {
      onSuccess = success;
      onError = error;
      return 7;
    },
  );
  const clearWatch = vi.fn();
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: { watchPosition, clearWatch, getCurrentPosition: vi.fn() },
  });
  return {
    watchPosition,
    clearWatch,
    report: (latitude: number, longitude: number, accuracy = 8) =>
      act(() =>
        onSuccess({
          coords: { latitude, longitude, accuracy },
          timestamp: Date.now(),
        } as GeolocationPosition),
      ),
    fail: () =>
      act(() => onError?.({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError)),
  };
}

function stubGeoApi() {
  const api = stubApi({
    [TRACK]: () => new Response(null, { status: 204 }),
    'GET /api/geo/tracks?tz=Europe/Moscow': () => jsonResponse([]),
  });
  return {
    ...api,
    sentPoints: () =>
      api.fetchMock.mock.calls
        .filter(([input, init]) => `${init?.method} ${String(input)}` === TRACK)
        .map(([, init]) => JSON.parse(String(init?.body)) as TGeoPoint),
  };
}

const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const types = (points: TGeoPoint[]) => points.map((point) => point.geoPointType);
const status = () => screen.getByText(/Запись|Отслеживание/, { selector: '.geo__status' });

describe('GeoPage', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-07-01T08:00:00Z'));
  });

  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(navigator, 'geolocation');
  });

  it('watches with the options of SPEC §9, sends START 2 s after start, then PART every 60 s', async () => {
    const geo = fakeGeolocation();
    const api = stubGeoApi();
    renderWithProviders(<GeoPage />, { user: adminUser });

    fireEvent.click(screen.getByRole('button', { name: 'Начать запись' }));
    expect(geo.watchPosition).toHaveBeenCalledWith(expect.any(Function), expect.any(Function), {
      enableHighAccuracy: true,
      timeout: 3_600_000,
      maximumAge: 0,
    });
    expect(screen.getByRole('button', { name: 'Остановить запись' })).toBeInTheDocument();
    expect(status()).toHaveTextContent('Запись идет: ждем координаты…');

    geo.report(62.03, 33.98, 12);
    await wait(1999);
    expect(api.sentPoints()).toEqual([]);
    await wait(1);
    expect(api.sentPoints()).toEqual([
      {
        username: 'admin_anna',
        lat: 62.03,
        lon: 33.98,
        accuracy: 12,
        ts: '2026-07-01T08:00:02.000Z',
        geoPointType: 'START',
      },
    ]);
    expect(status()).toHaveTextContent('Запись идет, отправлено: 1 точка');

    geo.report(62.04, 33.99, 9);
    await wait(59_999);
    expect(api.sentPoints()).toHaveLength(1);
    await wait(1);
    expect(api.sentPoints()[1]).toMatchObject({
      geoPointType: 'PART',
      lat: 62.04,
      ts: '2026-07-01T08:01:02.000Z',
    });
    await wait(60_000);
    expect(types(api.sentPoints())).toEqual(['START', 'PART', 'PART']);
    expect(status()).toHaveTextContent('Запись идет, отправлено: 3 точки');
  });

  it('sends END on stop, clears the watch and says «Отслеживание остановлено» for 3.5 s', async () => {
    const geo = fakeGeolocation();
    const api = stubGeoApi();
    renderWithProviders(<GeoPage />, { user: adminUser });

    fireEvent.click(screen.getByRole('button', { name: 'Начать запись' }));
    geo.report(62.03, 33.98);
    await wait(2000);
    fireEvent.click(screen.getByRole('button', { name: 'Остановить запись' }));
    await wait(0);

    expect(types(api.sentPoints())).toEqual(['START', 'END']);
    expect(geo.clearWatch).toHaveBeenCalledWith(7);
    expect(screen.getByRole('button', { name: 'Начать запись' })).toBeInTheDocument();
    expect(status()).toHaveTextContent('Отслеживание остановлено');
    await wait(3499);
    expect(status()).toHaveTextContent('Отслеживание остановлено');
    await wait(1);
    expect(status()).toHaveTextContent('Запись маршрута не идет');

    await wait(120_000);
    expect(types(api.sentPoints())).toEqual(['START', 'END']);
  });

  it('asks for the recordings again only once the END point is stored, so the new one counts it', async () => {
    const geo = fakeGeolocation();
    let storeEnd: (response: Response) => void = () => {};
    const api = stubApi({
      [TRACK]: (init) =>
        JSON.parse(String(init.body)).geoPointType === 'END'
          ? new Promise<Response>((resolve) => {
              storeEnd = resolve;
            })
          : new Response(null, { status: 204 }),
      'GET /api/geo/tracks?tz=Europe/Moscow': () => jsonResponse([]),
    });
    const listAsked = () => api.callsTo('GET /api/geo/tracks?tz=Europe/Moscow').length;
    renderWithProviders(<GeoPage />, { user: adminUser });
    await wait(0);
    const before = listAsked();

    fireEvent.click(screen.getByRole('button', { name: 'Начать запись' }));
    geo.report(62.03, 33.98);
    await wait(2000);
    fireEvent.click(screen.getByRole('button', { name: 'Остановить запись' }));
    await wait(0);
    expect(listAsked()).toBe(before);

    storeEnd(new Response(null, { status: 204 }));
    await wait(0);
    expect(listAsked()).toBe(before + 1);
  });

  it('sends no END when no position ever came', async () => {
    fakeGeolocation();
    const api = stubGeoApi();
    renderWithProviders(<GeoPage />, { user: adminUser });

    fireEvent.click(screen.getByRole('button', { name: 'Начать запись' }));
    await wait(5000);
    fireEvent.click(screen.getByRole('button', { name: 'Остановить запись' }));
    await wait(0);
    expect(api.sentPoints()).toEqual([]);
    expect(status()).toHaveTextContent('Отслеживание остановлено');
  });

  it('sends START with the first position when it comes after the 2 s', async () => {
    const geo = fakeGeolocation();
    const api = stubGeoApi();
    renderWithProviders(<GeoPage />, { user: adminUser });

    fireEvent.click(screen.getByRole('button', { name: 'Начать запись' }));
    await wait(10_000);
    expect(api.sentPoints()).toEqual([]);
    geo.report(51.9, 86.1);
    await wait(0);
    expect(api.sentPoints()).toEqual([expect.objectContaining({ geoPointType: 'START', lat: 51.9 })]);
  });

  it('stops when the screen is left: END, the watch cleared, no more points', async () => {
    const geo = fakeGeolocation();
    const api = stubGeoApi();
    const { unmount } = renderWithProviders(<GeoPage />, { user: adminUser });

    fireEvent.click(screen.getByRole('button', { name: 'Начать запись' }));
    geo.report(62.03, 33.98);
    await wait(62_000);
    expect(types(api.sentPoints())).toEqual(['START', 'PART']);

    unmount();
    await wait(0);
    expect(geo.clearWatch).toHaveBeenCalledWith(7);
    expect(types(api.sentPoints())).toEqual(['START', 'PART', 'END']);
    await wait(180_000);
    expect(types(api.sentPoints())).toEqual(['START', 'PART', 'END']);
  });

  it('alerts and stops when geolocation is refused', async () => {
    const geo = fakeGeolocation();
    const api = stubGeoApi();
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(<GeoPage />, { user: adminUser });

    fireEvent.click(screen.getByRole('button', { name: 'Начать запись' }));
    geo.report(62.03, 33.98);
    await wait(2000);
    geo.fail();
    await wait(0);

    expect(alert).toHaveBeenCalledWith('Не удалось получить доступ к геолокации. Проверьте настройки.');
    expect(geo.clearWatch).toHaveBeenCalledWith(7);
    expect(types(api.sentPoints())).toEqual(['START', 'END']);
    expect(screen.getByRole('button', { name: 'Начать запись' })).toBeInTheDocument();
    expect(status()).toHaveTextContent('Отслеживание остановлено');
  });

  it('alerts when the browser has no geolocation, and does not start', async () => {
    const api = stubGeoApi();
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    renderWithProviders(<GeoPage />, { user: adminUser });

    fireEvent.click(screen.getByRole('button', { name: 'Начать запись' }));
    await wait(0);
    expect(alert).toHaveBeenCalledWith('Ваш браузер не поддерживает геолокацию.');
    expect(screen.getByRole('button', { name: 'Начать запись' })).toBeInTheDocument();
    expect(status()).toHaveTextContent('Запись маршрута не идет');
    await wait(5000);
    expect(api.sentPoints()).toEqual([]);
  });

  it('shows a partner no recorder and asks the server nothing', () => {
    const api = stubGeoApi();
    renderWithProviders(<GeoPage />, { user: partnerUser });
    expect(screen.getByText('Геосервис доступен только администраторам')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Начать запись' })).not.toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });
});
