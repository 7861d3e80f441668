import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TDevUser } from '#contract/session';
import { jsonResponse, renderWithProviders } from '@/test/render';
import { DevLogin } from '../dev-login';

const users: TDevUser[] = [
  { id: 1, username: 'admin_anna', firstName: 'Анна', label: 'Админ', role: 'admin', isChatMember: true },
  { id: 2, username: 'guest_gleb', firstName: 'Глеб', label: 'Не в чате', role: 'user', isChatMember: false },
];

describe('DevLogin (local stand-in)', () => {
  it('asks to open the app in Telegram when the server has no stand-in', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ error: 'not_found', message: 'Не найдено' }, 404)),
    );
    renderWithProviders(<DevLogin onLogin={vi.fn()} />);
    expect(
      await screen.findByRole('heading', { name: 'Откройте приложение в Telegram' }),
    ).toBeInTheDocument();
  });

  it('asks to open the app in Telegram when the server is unreachable', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderWithProviders(<DevLogin onLogin={vi.fn()} />);
    expect(
      await screen.findByRole('heading', { name: 'Откройте приложение в Telegram' }),
    ).toBeInTheDocument();
  });

  it('signs in as the picked user with init data from the server', async () => {
    const fetch = vi.fn(async (path: string, _init?: RequestInit) => {
      if (path === '/api/dev/users') return jsonResponse(users);
      if (path === '/api/csrf') return jsonResponse({ token: 'csrf-1' });
      if (path === '/api/dev/init-data') return jsonResponse({ initData: 'signed-for-2' });
      throw new Error(`unexpected ${path}`);
    });
    vi.stubGlobal('fetch', fetch);
    const onLogin = vi.fn();
    renderWithProviders(<DevLogin onLogin={onLogin} />);

    expect(await screen.findByRole('heading', { name: 'Войти как…' })).toBeInTheDocument();
    const guest = screen.getByRole('button', { name: /Не в чате/ });
    expect(guest).toHaveTextContent('@guest_gleb');
    expect(screen.getByRole('button', { name: /Админ/ })).toHaveTextContent('@admin_anna');

    fireEvent.click(guest);

    await waitFor(() => expect(onLogin).toHaveBeenCalledWith('signed-for-2'));
    const post = fetch.mock.calls.find(([path]) => path === '/api/dev/init-data');
    expect(post?.[1]?.method).toBe('POST');
    expect(new Headers(post?.[1]?.headers).get('X-XSRF-TOKEN')).toBe('csrf-1');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ userId: 2 });
  });
});
