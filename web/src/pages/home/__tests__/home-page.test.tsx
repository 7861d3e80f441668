import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TCouponRequest } from '#contract/coupons';
import { stubApi } from '@/test/fake-api';
import {
  adminUser,
  jsonResponse,
  partnerUser,
  plainUser,
  renderWithProviders,
  staffUser,
} from '@/test/render';
import { HomePage } from '../home-page';

const buttonNames = () => screen.getAllByRole('button').map((button) => button.textContent);

describe('HomePage', () => {
  beforeEach(() => {
    // The user state is given; nothing may reach for the network.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
  });

  it('shows every button to an admin, the back office after the spec’s', () => {
    renderWithProviders(<HomePage />, { user: adminUser });
    expect(buttonNames()).toEqual([
      'СКИДКИ ПАРТНЕРОВ',
      'ОБМЕН ФОТО',
      'ВОДНЫЙ КАЛЕНДАРЬ',
      'ГЕО-СЕРВИС',
      'ДОБАВЛЕНИЕ ПАРТНЕРА',
      'ДОБАВЛЕНИЕ КУПОНА',
      'КАЛЕНДАРИ И ФОТО',
      'ЗАЯВКИ',
      'ПАРТНЕРЫ',
      'ПОКУПКИ',
      'СВЕРКА С ПАРТНЕРАМИ',
      'ЖУРНАЛ СОБЫТИЙ',
      'ПРИГЛАШЕНИЯ',
      'НЕДОСТАВЛЕННЫЕ',
    ]);
  });

  it('counts on an admin’s «ЗАЯВКИ» the coupon requests waiting', async () => {
    const request: TCouponRequest = {
      id: 1,
      couponId: 1,
      partnerId: 1,
      companyName: 'Порог',
      region: 'Карелия',
      price: 150,
      discount: 500,
      paymentLinkNeeded: false,
      quantity: null,
      perBuyer: null,
      saleStartsAt: null,
    };
    const api = stubApi({
      'GET /api/coupons/to/apply': () => jsonResponse([request, { ...request, couponId: 2 }]),
    });
    renderWithProviders(<HomePage />, { user: adminUser });
    expect(await screen.findByRole('button', { name: 'ЗАЯВКИ: 2 ждут решения' })).toBeInTheDocument();
    // Asked once: Home does not poll as the request list does.
    expect(api.callsTo('GET /api/coupons/to/apply')).toHaveLength(1);
  });

  it('shows a partner the common buttons, adding a coupon, checking one, the redemption report and the staff', () => {
    renderWithProviders(<HomePage />, { user: partnerUser });
    expect(buttonNames()).toEqual([
      'СКИДКИ ПАРТНЕРОВ',
      'ОБМЕН ФОТО',
      'ВОДНЫЙ КАЛЕНДАРЬ',
      'ДОБАВЛЕНИЕ КУПОНА',
      'ПРОВЕРИТЬ СКИДКУ',
      'ОТЧЕТ О ПОГАШЕНИЯХ',
      'СОТРУДНИКИ',
    ]);
  });

  it('shows a partner’s staff member the common buttons, checking a coupon and the redemption report, not adding a coupon', () => {
    renderWithProviders(<HomePage />, { user: staffUser });
    expect(buttonNames()).toEqual([
      'СКИДКИ ПАРТНЕРОВ',
      'ОБМЕН ФОТО',
      'ВОДНЫЙ КАЛЕНДАРЬ',
      'ПРОВЕРИТЬ СКИДКУ',
      'ОТЧЕТ О ПОГАШЕНИЯХ',
    ]);
  });

  it('shows a user only the common buttons', () => {
    renderWithProviders(<HomePage />, { user: plainUser });
    expect(buttonNames()).toEqual(['СКИДКИ ПАРТНЕРОВ', 'ОБМЕН ФОТО', 'ВОДНЫЙ КАЛЕНДАРЬ']);
  });

  it('tells someone outside the community chat its rule first, with the way in; a member nothing', async () => {
    const { unmount } = renderWithProviders(<HomePage />, { user: { ...plainUser, isChatMember: false } });
    const rule = await screen.findByRole('region', { name: 'Сплавной чат' });
    expect(rule).toHaveTextContent('Вступите в чат — после этого покупка станет доступна.');
    expect(within(rule).getByRole('button', { name: 'Перейти в сплавной чат' })).toBeInTheDocument();
    // Above the spec's buttons: the first thing read.
    expect(buttonNames()[0]).toBe('Перейти в сплавной чат');
    unmount();

    renderWithProviders(<HomePage />, { user: plainUser });
    expect(screen.queryByRole('region', { name: 'Сплавной чат' })).not.toBeInTheDocument();
  });

  it('tells an admin first of all that the bot’s messages have not gone out for over 10 minutes, and to check the relay when Telegram is out of reach', async () => {
    const stuck = { minutes: 74, telegram: 'down' as const };
    renderWithProviders(<HomePage />, { user: { ...adminUser, botMessagesStuck: stuck } });
    const line = await screen.findByRole('alert');
    expect(line).toHaveTextContent(
      'Сообщения бота не уходят уже 1 ч 14 мин: сервер не может связаться с Telegram. Проверьте прокси в TELEGRAM_PROXY_URL.',
    );
    // Above the first button: what an admin reads first.
    const [firstButton] = screen.getAllByRole('button');
    expect(line.compareDocumentPosition(firstButton as Node) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('does not blame the way to Telegram while Telegram answers, and says nothing once the messages go', async () => {
    const { unmount } = renderWithProviders(<HomePage />, {
      user: { ...adminUser, botMessagesStuck: { minutes: 12, telegram: 'up' } },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Сообщения бота не уходят уже 12 мин. Причина — в журнале сервера.',
    );
    unmount();

    renderWithProviders(<HomePage />, { user: adminUser });
    expect(buttonNames()[0]).toBe('СКИДКИ ПАРТНЕРОВ');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('links every user to the public offer, which opens over Home', async () => {
    renderWithProviders(<HomePage />, { user: plainUser });
    fireEvent.click(screen.getByRole('link', { name: 'Публичная оферта' }));
    expect(await screen.findByRole('dialog', { name: 'Публичная оферта' })).toBeInTheDocument();
  });

  it('links every user to the privacy policy and to their own data', () => {
    renderWithProviders(<HomePage />, { user: plainUser });
    expect(screen.getByRole('link', { name: 'Политика конфиденциальности' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    expect(screen.getByRole('link', { name: 'Мои данные' })).toHaveAttribute('href', '/my-data');
  });

  it('shows the banner and the tagline instead of a title', () => {
    renderWithProviders(<HomePage />, { user: plainUser });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('КАТАЙСЯ С НАМИ');
    expect(screen.getByRole('img', { name: /Рафт/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Назад' })).not.toBeInTheDocument();
  });

  it('offers to switch the user only in the local stand-in', () => {
    const { unmount } = renderWithProviders(<HomePage />, { user: plainUser });
    expect(screen.queryByRole('button', { name: 'Сменить пользователя' })).not.toBeInTheDocument();
    unmount();

    sessionStorage.setItem('katajsya.standInInitData', 'user=%7B%22id%22%3A1%7D&hash=x');
    renderWithProviders(<HomePage />, { user: plainUser });
    expect(screen.getByRole('button', { name: 'Сменить пользователя' })).toBeInTheDocument();
  });
});
