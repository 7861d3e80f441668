import { fireEvent, screen } from '@testing-library/react';
import { beforeAll, expect, it, vi } from 'vitest';
import { stubApi } from '@/test/fake-api';
import { partnerUser, renderWithProviders } from '@/test/render';
import { launchInTelegram, type PostedEvent } from '@/test/telegram-launch';
import { CheckCouponPage } from '../check-coupon-page';

// jsdom serves no WASM: the image decoder the screen fetches as it opens is stood in for.
vi.mock('zxing-wasm/reader', () => ({
  prepareZXingModule: () => {},
  purgeZXingModule: () => {},
  readBarcodes: () => [],
}));

let posted: PostedEvent[];

beforeAll(() => {
  // A client new enough for the popup, but Telegram Web (and the local stand-in posing as it) never shows it.
  posted = launchInTelegram('8.0', 'weba');
});

it('scans with the page’s camera in Telegram Web instead of asking for the popup', () => {
  vi.stubGlobal('isSecureContext', true);
  const getUserMedia = vi.fn(() => new Promise(() => {}));
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
  stubApi({});
  renderWithProviders(<CheckCouponPage />, { route: '/check-coupon', user: partnerUser });

  fireEvent.click(screen.getByRole('button', { name: 'Камера' }));

  expect(getUserMedia).toHaveBeenCalledWith({ video: { facingMode: 'environment' } });
  expect(screen.getByLabelText('Наведите камеру на QR купона')).toBeInTheDocument();
  expect(posted.map(({ type }) => type)).not.toContain('web_app_open_scan_qr_popup');
});
