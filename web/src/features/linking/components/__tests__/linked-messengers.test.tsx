import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TMyMessengers } from '#contract/linking';
import { stubApi } from '@/test/fake-api';
import { jsonResponse, renderWithProviders } from '@/test/render';
import { LinkedMessengers } from '../linked-messengers';

const links = vi.hoisted(() => ({ openMessengerLink: vi.fn(), openExternalLink: vi.fn() }));
vi.mock('@/messenger/links', () => links);

const LINK = 'https://max.ru/id7707083893_bot?start=link-AbCdEfGhIjKlMnOpQrStUv';
const telegramOnly: TMyMessengers = {
  accounts: [{ messenger: 'telegram', username: 'user_ivan' }],
  linkable: ['max'],
};
const both: TMyMessengers = {
  accounts: [
    { messenger: 'telegram', username: 'user_ivan' },
    { messenger: 'max', username: null },
  ],
  linkable: [],
};

describe('LinkedMessengers', () => {
  it('makes a link into MAX’s bot on a press and opens it on the next, saying it works once for 10 minutes', async () => {
    let accounts = telegramOnly;
    const api = stubApi({
      'GET /api/me/messengers': () => jsonResponse(accounts),
      'POST /api/me/messengers/max/link': () =>
        jsonResponse({ link: LINK, expiresAt: '2026-12-07T22:40:00.000Z' }),
    });
    renderWithProviders(<LinkedMessengers />);

    expect(await screen.findByText('Telegram @user_ivan')).toBeVisible();
    expect(screen.getByText(/одни и те же купоны, история и согласия/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Связать с MAX' }));
    expect(await screen.findByText(/работает один раз и 10 минут/)).toBeVisible();
    expect(links.openMessengerLink).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Открыть MAX' }));
    expect(links.openMessengerLink).toHaveBeenCalledWith(LINK);
    expect(api.fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);

    // Linked in MAX meanwhile: the screen asks again while the link waits, and shows both.
    accounts = both;
    expect(
      await screen.findByText('Telegram @user_ivan · MAX без имени', {}, { timeout: 7000 }),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Открыть MAX' })).toBeNull();
  }, 10_000);

  it('unlinks MAX after a second look that says every coupon stays here', async () => {
    let accounts = both;
    stubApi({
      'GET /api/me/messengers': () => jsonResponse(accounts),
      'DELETE /api/me/messengers/max': () => {
        accounts = telegramOnly;
        return jsonResponse(telegramOnly);
      },
    });
    renderWithProviders(<LinkedMessengers />);

    await userEvent.click(await screen.findByRole('button', { name: 'Отвязать MAX' }));
    expect(screen.getByText('Отвязать аккаунт MAX?')).toBeVisible();
    expect(
      screen.getByText(/останутся с вами здесь, в Telegram: ни один купон не переносится/),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Отвязать' }));
    expect(await screen.findByText('Аккаунт MAX отвязан. Все купоны остались с вами здесь.')).toBeVisible();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Связать с MAX' })).toBeVisible());
  });

  it('says why a link could not be made', async () => {
    stubApi({
      'GET /api/me/messengers': () => jsonResponse(telegramOnly),
      'POST /api/me/messengers/max/link': () =>
        jsonResponse({ error: 'rate_limited', message: 'Слишком много попыток, подождите' }, 429),
    });
    renderWithProviders(<LinkedMessengers />);

    await userEvent.click(await screen.findByRole('button', { name: 'Связать с MAX' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Слишком много попыток');
  });
});
