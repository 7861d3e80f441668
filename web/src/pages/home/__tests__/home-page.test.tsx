import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { adminUser, partnerUser, plainUser, renderWithProviders, staffUser } from '@/test/render';
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
      'ПАРТНЕРЫ',
      'ПОКУПКИ',
      'СВЕРКА С ПАРТНЕРАМИ',
      'ЖУРНАЛ СОБЫТИЙ',
      'ПРИГЛАШЕНИЯ',
      'НЕДОСТАВЛЕННЫЕ',
    ]);
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
