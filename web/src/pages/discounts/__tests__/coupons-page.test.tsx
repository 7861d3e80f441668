import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TUserState } from '@/features/session/user-state';
import { adminUser, partnerUser, plainUser, renderWithProviders, staffUser } from '@/test/render';
import { CouponsPage } from '../coupons-page';

describe('CouponsPage', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
  });

  it('is titled СКИДКИ with a back button', () => {
    renderWithProviders(<CouponsPage />, { user: plainUser });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('СКИДКИ');
    expect(screen.getByRole('button', { name: 'Назад' })).toBeInTheDocument();
  });

  it.each<[string, TUserState]>([
    ['partner', partnerUser],
    ['staff member', staffUser],
    ['admin', adminUser],
  ])('shows a %s the section for partners', (_role, user) => {
    renderWithProviders(<CouponsPage />, { user });
    expect(screen.getByRole('button', { name: 'КУПИТЬ СКИДКИ ПАРТНЕРОВ' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'МОИ СКИДКИ' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'ДЛЯ ПАРТНЕРОВ' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ПРОВЕРИТЬ СКИДКУ' })).toBeInTheDocument();
  });

  it('hides the section for partners from a user', () => {
    renderWithProviders(<CouponsPage />, { user: plainUser });
    expect(screen.getByRole('button', { name: 'КУПИТЬ СКИДКИ ПАРТНЕРОВ' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'МОИ СКИДКИ' })).toBeInTheDocument();
    expect(screen.queryByText('ДЛЯ ПАРТНЕРОВ')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'ПРОВЕРИТЬ СКИДКУ' })).not.toBeInTheDocument();
  });

  it('hides the section for partners while the role is unknown', () => {
    renderWithProviders(<CouponsPage />);
    expect(screen.queryByText('ДЛЯ ПАРТНЕРОВ')).not.toBeInTheDocument();
  });
});
