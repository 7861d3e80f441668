import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from '@/lib/router/router';
import { partnerUser, renderWithProviders } from '@/test/render';
import { AppRoutes, loadFirstScreen } from '../routes';

// jsdom serves no WASM: the image decoder the screen fetches as it opens is stood in for.
vi.mock('zxing-wasm/reader', () => ({
  prepareZXingModule: () => {},
  purgeZXingModule: () => {},
  readBarcodes: () => [],
}));

function CurrentRoutes() {
  return <AppRoutes location={useLocation()} />;
}

describe('routes of SPEC §2', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
  });

  it('tells the partner on the check screen who they are', async () => {
    renderWithProviders(<CurrentRoutes />, { route: '/check-coupon', user: partnerUser });
    expect(await screen.findByRole('heading', { name: 'Вы вошли как партнер' })).toBeInTheDocument();
  });

  it.each([
    ['/', 'КАТАЙСЯ С НАМИ'],
    ['/discounts', 'СКИДКИ'],
    ['/buy-coupons', 'СГЕНЕРИРОВАТЬ QR'],
    ['/add-partner', 'Добавление партнера'],
    ['/add-coupon', 'Добавление купона'],
    ['/request-coupons', 'Список заявок на добавление купонов'],
    ['/is-success-pay?couponId=1&customerUsername=ivan', 'Оплата прошла?'],
    ['/my-coupons', 'МОИ QR'],
    ['/gift-to-friend?couponId=1', 'ПОДАРИТЬ ДРУГУ'],
    ['/check-coupon', 'ПРОВЕРИТЬ СКИДКУ'],
    ['/geo-service', 'ГЕО-СЕРВИС'],
    ['/calendar', 'КАЛЕНДАРЬ'],
    ['/photo', 'ОБМЕН ФОТО'],
    ['/offer', 'Публичная оферта'],
    ['/community-links', 'КАЛЕНДАРИ И ФОТО'],
    ['/partners', 'ПАРТНЕРЫ'],
    ['/partner-staff', 'СОТРУДНИКИ'],
    ['/purchases', 'ПОКУПКИ'],
    ['/redemption-report', 'ОТЧЕТ О ПОГАШЕНИЯХ'],
    ['/settlement', 'СВЕРКА С ПАРТНЕРАМИ'],
    ['/audit-log', 'ЖУРНАЛ СОБЫТИЙ'],
    ['/undelivered', 'НЕДОСТАВЛЕННЫЕ'],
    ['/privacy', 'ПОЛИТИКА КОНФИДЕНЦИАЛЬНОСТИ'],
    ['/my-data', 'МОИ ДАННЫЕ'],
  ])('%s is built out (%s)', async (route, heading) => {
    renderWithProviders(<CurrentRoutes />, { route, user: partnerUser });
    // Every screen but Home comes in a chunk of its own: it is drawn once that has loaded.
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(heading);
  });

  it('sends an unknown path home', () => {
    renderWithProviders(<CurrentRoutes />, { route: '/nowhere', user: partnerUser });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('КАТАЙСЯ С НАМИ');
  });

  describe('navigation', () => {
    // The screens' chunks come first, as a button's press fetches them ahead in the app: the clock
    // below is fake, and a chunk's first import takes real time.
    beforeAll(() => Promise.all(['/discounts', '/my-coupons'].map(loadFirstScreen)));

    beforeEach(() => {
      vi.useFakeTimers();
    });

    afterEach(() => {
      vi.useRealTimers();
    });

    // The 300 ms of a press, then whatever the new screen's chunk needs to arrive.
    const pressAndWait = async (name: string) => {
      fireEvent.click(screen.getByRole('button', { name }));
      await act(() => vi.advanceTimersByTimeAsync(300));
    };

    it('goes from Home to Coupons to My coupons by buttons and back by the header', async () => {
      renderWithProviders(<CurrentRoutes />, { route: '/', user: partnerUser });

      await pressAndWait('СКИДКИ ПАРТНЕРОВ');
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('СКИДКИ');

      await pressAndWait('МОИ СКИДКИ');
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('МОИ QR');

      fireEvent.click(screen.getByRole('button', { name: 'Назад' }));
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('СКИДКИ');
    });

    it('goes home from the header of a screen opened directly', async () => {
      renderWithProviders(<CurrentRoutes />, { route: '/my-coupons', user: partnerUser });
      await act(() => vi.advanceTimersByTimeAsync(0));
      fireEvent.click(screen.getByRole('button', { name: 'Назад' }));
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('КАТАЙСЯ С НАМИ');
    });
  });
});
