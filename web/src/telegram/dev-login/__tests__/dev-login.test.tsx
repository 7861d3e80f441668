import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TDevUser } from '#contract/session';
import { launchStandInMax } from '@/max/stand-in';
import { stubApi } from '@/test/fake-api';
import { jsonResponse, renderWithProviders } from '@/test/render';
import { DevLogin } from '../dev-login';

vi.mock('@/max/stand-in', () => ({ launchStandInMax: vi.fn() }));

const users: TDevUser[] = [
  { id: 1, username: 'admin_anna', firstName: 'Анна', label: 'Админ', role: 'admin', isChatMember: true },
  { id: 2, username: 'guest_gleb', firstName: 'Глеб', label: 'Не в чате', role: 'user', isChatMember: false },
];

describe('DevLogin (local stand-in)', () => {
  it('asks to open the app in Telegram or MAX when the server has no stand-in', async () => {
    stubApi({ 'GET /api/dev/users': () => jsonResponse({ error: 'not_found', message: 'Не найдено' }, 404) });
    renderWithProviders(<DevLogin onLogin={vi.fn()} />);
    expect(
      await screen.findByRole('heading', { name: 'Откройте приложение в Telegram или MAX' }),
    ).toBeInTheDocument();
  });

  it('asks to open the app in Telegram or MAX when the server is unreachable', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // No route at all: every request fails like a lost connection.
    stubApi({});
    renderWithProviders(<DevLogin onLogin={vi.fn()} />);
    expect(
      await screen.findByRole('heading', { name: 'Откройте приложение в Telegram или MAX' }),
    ).toBeInTheDocument();
  });

  it('signs in as the picked user with init data from the server', async () => {
    const api = stubApi({
      'GET /api/dev/users': () => jsonResponse(users),
      'POST /api/dev/init-data': () => jsonResponse({ initData: 'signed-for-2' }),
    });
    const onLogin = vi.fn();
    renderWithProviders(<DevLogin onLogin={onLogin} />);

    expect(await screen.findByRole('heading', { name: 'Войти как…' })).toBeInTheDocument();
    const guest = screen.getByRole('button', { name: /^Не в чате/ });
    expect(guest).toHaveTextContent('@guest_gleb');
    expect(screen.getByRole('button', { name: /^Админ/ })).toHaveTextContent('@admin_anna');

    fireEvent.click(guest);

    await waitFor(() => expect(onLogin).toHaveBeenCalledWith('signed-for-2'));
    const posts = api.fetchMock.mock.calls.filter(([path]) => String(path) === '/api/dev/init-data');
    expect(posts.map(([, init]) => init?.method)).toEqual(['POST']);
    expect(api.callsTo('POST /api/dev/init-data').map((headers) => headers.get('X-XSRF-TOKEN'))).toEqual([
      'csrf-token',
    ]);
    expect(JSON.parse(String(posts[0]?.[1]?.body))).toEqual({ userId: 2, messenger: 'telegram' });
  });

  it('opens the picked user in MAX with init data signed for MAX', async () => {
    const api = stubApi({
      'GET /api/dev/users': () => jsonResponse(users),
      'POST /api/dev/init-data': () => jsonResponse({ initData: 'max-signed-for-1' }),
    });
    const onLogin = vi.fn();
    renderWithProviders(<DevLogin onLogin={onLogin} />);

    fireEvent.click(await screen.findByRole('button', { name: 'Открыть в MAX: Админ' }));

    await waitFor(() => expect(launchStandInMax).toHaveBeenCalledWith('max-signed-for-1'));
    expect(onLogin).not.toHaveBeenCalled();
    const [post] = api.fetchMock.mock.calls.filter(([path]) => String(path) === '/api/dev/init-data');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ userId: 1, messenger: 'max' });
  });
});
