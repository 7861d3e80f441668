import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TUserState } from '@/features/session/user-state';
import { stubApi } from '@/test/fake-api';
import {
  adminUser,
  jsonResponse,
  partnerUser,
  plainUser,
  renderWithProviders,
  staffUser,
} from '@/test/render';
import { CouponsPage } from '../coupons-page';

const { openLink } = vi.hoisted(() => ({ openLink: vi.fn() }));
vi.mock('@/messenger/links', () => ({ openMessengerLink: openLink }));

describe('CouponsPage', () => {
  beforeEach(() => {
    openLink.mockClear();
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

  it('shares the member’s invitation through Telegram', async () => {
    const shareUrl = 'https://t.me/share/url?url=https%3A%2F%2Ft.me%2Fkatajsya_bot%3Fstartapp%3Dref_abc';
    stubApi({
      'POST /api/me/invite': () =>
        jsonResponse({
          appLink: 'https://t.me/katajsya_bot?startapp=ref_abc',
          text: 'Присоединяйся',
          shareUrl,
        }),
    });
    const user = userEvent.setup();
    renderWithProviders(<CouponsPage />, { user: plainUser });
    await user.click(screen.getByRole('button', { name: 'ПРИГЛАСИТЬ ДРУГА' }));
    await vi.waitFor(() => expect(openLink).toHaveBeenCalledExactlyOnceWith(shareUrl));
  });

  it('does not offer someone outside the chat to invite a friend into it', () => {
    renderWithProviders(<CouponsPage />, { user: { ...plainUser, isChatMember: false } });
    expect(screen.queryByRole('button', { name: 'ПРИГЛАСИТЬ ДРУГА' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'КУПИТЬ СКИДКИ ПАРТНЕРОВ' })).toBeInTheDocument();
  });

  it('says so when the invitation cannot be made', async () => {
    stubApi({
      'POST /api/me/invite': () =>
        jsonResponse(
          {
            error: 'invite_unavailable',
            message: 'Приглашение сейчас недоступно: бот не отвечает. Попробуйте через минуту.',
          },
          503,
        ),
    });
    const user = userEvent.setup();
    renderWithProviders(<CouponsPage />, { user: plainUser });
    await user.click(screen.getByRole('button', { name: 'ПРИГЛАСИТЬ ДРУГА' }));
    expect(await screen.findByText(/Приглашение сейчас недоступно/)).toBeVisible();
    expect(openLink).not.toHaveBeenCalled();
  });
});
