import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeRoute, stubApi } from '@/test/fake-api';
import { jsonResponse, partnerUser, renderWithProviders } from '@/test/render';
import { launchInTelegram, type PostedEvent, telegramButton } from '@/test/telegram-launch';
import { CheckCouponPage } from '../check-coupon-page';

const readBarcodes = vi.hoisted(() => vi.fn());
vi.mock('zxing-wasm/reader', () => ({ prepareZXingModule: () => {}, readBarcodes }));

const TOKEN = 'Qm9yb2QtdG9rZW4tMTkyLWJpdHMtbG9uZw';
const QR_TEXT =
  `purchased_coupon_id='${TOKEN}',status='NOT_USED',date='01.07.2025',partner='Рафт-школа «Порог»',` +
  "region='Карелия',discount='500',address='пос. Чкаловский, ул. Речная, 1',telegramName='@demo_member'";
const SCAN = `GET /api/coupon/scan/${TOKEN}`;
const LIVE = {
  status: 'NOT_USED',
  date: '01.07.2025',
  partner: 'Рафт-школа «Порог»',
  region: 'Карелия',
  discount: '500',
  address: 'пос. Чкаловский, ул. Речная, 1',
  telegramName: '@demo_member',
  canUndo: false,
  redeemedAt: null,
  redeemedBy: null,
  giftedAwayAt: null,
  messenger: 'telegram',
  expiresAt: null,
};

let posted: PostedEvent[];
/** Telegram's main button once a coupon can be redeemed. */
const REDEEM_BUTTON = { text: 'Погасить QR', active: true, loading: false };

beforeAll(async () => {
  // Telegram's scan popup came with Mini Apps 6.4: this client has none, so the page's camera scans.
  posted = launchInTelegram('6.2');
  // Loaded once ahead: the scanner's own import of it then keeps pace with the fake clock.
  await import('@/features/redemption/decode-qr-image');
});

/** A camera stream of one track, whose stop() the tests watch. */
function fakeStream() {
  const track = { stop: vi.fn() };
  return { track, stream: { getTracks: () => [track] } as unknown as MediaStream };
}

function stubCamera({ secure = true, getUserMedia }: { secure?: boolean; getUserMedia?: () => unknown }) {
  vi.stubGlobal('isSecureContext', secure);
  const mediaDevices = getUserMedia ? { getUserMedia: vi.fn(getUserMedia) } : undefined;
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: mediaDevices });
  return mediaDevices?.getUserMedia;
}

function renderCheck(routes: Record<string, FakeRoute> = {}) {
  stubApi(routes);
  return renderWithProviders(<CheckCouponPage />, { route: '/check-coupon', user: partnerUser });
}

/** Lets the fake clock run, with the promises it releases, inside React's act. */
const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const preview = () => screen.queryByLabelText('Наведите камеру на QR купона');

describe('the browser camera, where Telegram has no scan popup', () => {
  beforeEach(() => {
    posted.length = 0;
    vi.useFakeTimers();
    Element.prototype.scrollIntoView = vi.fn();
    // jsdom plays no video and draws no canvas: the camera's picture is stood in for.
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
    vi.spyOn(HTMLVideoElement.prototype, 'videoWidth', 'get').mockReturnValue(640);
    vi.spyOn(HTMLVideoElement.prototype, 'videoHeight', 'get').mockReturnValue(480);
    const context = { drawImage: vi.fn(), getImageData: vi.fn(() => ({ width: 336, height: 336 })) };
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
      context as unknown as CanvasRenderingContext2D,
    );
  });

  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(navigator, 'mediaDevices');
    Reflect.deleteProperty(navigator, 'permissions');
    readBarcodes.mockReset();
  });

  it('asks for a secure connection on plain http, without touching the camera', async () => {
    const getUserMedia = stubCamera({ secure: false, getUserMedia: () => new Promise(() => {}) });
    renderCheck();

    press('Камера');
    await elapse(0);

    expect(screen.getByRole('alert')).toHaveTextContent(
      'Для камеры нужно защищенное соединение (https). Нажмите «Загрузить файл» и выберите снимок QR.',
    );
    expect(getUserMedia).not.toHaveBeenCalled();
    expect(preview()).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Камера' })).toBeEnabled();
    expect(posted.map(({ type }) => type)).not.toContain('web_app_open_scan_qr_popup');
  });

  it('says the camera is not supported where the browser has no getUserMedia', async () => {
    stubCamera({});
    renderCheck();

    press('Камера');
    await elapse(0);

    expect(screen.getByRole('alert')).toHaveTextContent('Камера здесь не поддерживается.');
    expect(preview()).not.toBeInTheDocument();
  });

  it.each([
    ['NotAllowedError', 'Доступ к камере запрещен.'],
    ['NotFoundError', 'Камера не найдена.'],
  ])('explains a %s', async (name, message) => {
    stubCamera({ getUserMedia: () => Promise.reject(new DOMException('camera', name)) });
    renderCheck();

    press('Камера');
    await elapse(0);

    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(preview()).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Остановить камеру' })).not.toBeInTheDocument();
  });

  it('gives up after 6 s without a picture and stops a camera that turns up later', async () => {
    const { track, stream } = fakeStream();
    let grant: (camera: MediaStream) => void = () => {};
    stubCamera({ getUserMedia: () => new Promise((resolve) => (grant = resolve)) });
    renderCheck();

    press('Камера');
    await elapse(5999);
    expect(preview()).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await elapse(1);
    expect(screen.getByRole('alert')).toHaveTextContent('Камера не включилась за 6 секунд.');
    expect(preview()).not.toBeInTheDocument();

    await act(async () => grant(stream));
    expect(track.stop).toHaveBeenCalled();
  });

  describe('while the browser asks for the camera permission', () => {
    /** A camera permission still to be answered, and the partner's answer to it. */
    function openPrompt() {
      const status = Object.assign(new EventTarget(), { state: 'prompt' });
      const query = vi.fn(async () => status);
      Object.defineProperty(navigator, 'permissions', { configurable: true, value: { query } });
      stubCamera({ getUserMedia: () => new Promise(() => {}) });
      return {
        query,
        answer: (state: 'granted' | 'denied') => {
          status.state = state;
          status.dispatchEvent(new Event('change'));
        },
      };
    }

    it('counts the 6 s from the partner’s answer, not from the press', async () => {
      const prompt = openPrompt();
      renderCheck();

      press('Камера');
      await elapse(30_000);
      expect(prompt.query).toHaveBeenCalledWith({ name: 'camera' });
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(preview()).toBeInTheDocument();

      prompt.answer('granted');
      await elapse(5999);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      await elapse(1);
      expect(screen.getByRole('alert')).toHaveTextContent('Камера не включилась за 6 секунд.');
    });

    it('gives up on a prompt nobody answers after a minute and the 6 s', async () => {
      openPrompt();
      renderCheck();

      press('Камера');
      await elapse(65_999);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      await elapse(1);
      expect(screen.getByRole('alert')).toHaveTextContent('Камера не включилась за 6 секунд.');
    });
  });

  it('reads the rear camera at 2 frames a second, stops it at the first QR and shows the coupon', async () => {
    const { track, stream } = fakeStream();
    const getUserMedia = stubCamera({ getUserMedia: () => Promise.resolve(stream) });
    readBarcodes.mockResolvedValueOnce([]).mockResolvedValue([{ isValid: true, text: QR_TEXT }]);
    renderCheck({ [SCAN]: () => jsonResponse(LIVE) });

    press('Камера');
    await elapse(0);
    expect(getUserMedia).toHaveBeenCalledWith({ video: { facingMode: 'environment' } });
    expect(preview()).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Камера' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Остановить камеру' })).toBeEnabled();

    await elapse(499);
    expect(readBarcodes).not.toHaveBeenCalled();
    await elapse(1);
    expect(readBarcodes).toHaveBeenCalledTimes(1);
    expect(readBarcodes).toHaveBeenCalledWith(
      { width: 336, height: 336 },
      expect.objectContaining({ formats: ['QRCode'] }),
    );
    expect(track.stop).not.toHaveBeenCalled();

    await elapse(500);
    expect(readBarcodes).toHaveBeenCalledTimes(2);
    expect(track.stop).toHaveBeenCalled();
    expect(preview()).not.toBeInTheDocument();
    // The live status comes from the server, as after Telegram's read.
    await elapse(10);
    expect(telegramButton(posted)).toEqual(REDEEM_BUTTON);
    const scanned = screen.getByRole('heading', { name: 'Отсканированный QR' }).closest('section');
    expect(within(scanned as HTMLElement).getByText('Рафт-школа «Порог»')).toBeInTheDocument();

    await elapse(5000);
    expect(readBarcodes).toHaveBeenCalledTimes(2);
  });

  it('stops the camera on «Остановить камеру», on the file mode and on leaving the screen', async () => {
    const streams = [fakeStream(), fakeStream(), fakeStream()];
    const waiting = [...streams];
    stubCamera({ getUserMedia: () => Promise.resolve(waiting.shift()?.stream) });
    readBarcodes.mockResolvedValue([]);
    const { unmount } = renderCheck();

    press('Камера');
    await elapse(1000);
    press('Остановить камеру');
    expect(streams[0]?.track.stop).toHaveBeenCalled();
    expect(preview()).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    press('Камера');
    await elapse(1000);
    press('Загрузить файл');
    expect(streams[1]?.track.stop).toHaveBeenCalled();
    expect(screen.getByLabelText(/Выберите ваш QR/)).toBeEnabled();

    press('Камера');
    await elapse(1000);
    unmount();
    expect(streams[2]?.track.stop).toHaveBeenCalled();
    const reads = readBarcodes.mock.calls.length;
    await vi.advanceTimersByTimeAsync(5000);
    expect(readBarcodes).toHaveBeenCalledTimes(reads);
  });
});
