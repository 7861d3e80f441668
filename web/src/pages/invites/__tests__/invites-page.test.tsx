import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '@/test/fake-api';
import { adminUser, jsonResponse, plainUser, renderWithProviders } from '@/test/render';
import { InvitesPage } from '../invites-page';

describe('InvitesPage', () => {
  it('shows an admin, per member, who came through their link, named, who of them bought, and who is not in the chat yet', async () => {
    stubApi({
      'GET /api/admin/invites': () =>
        jsonResponse([
          {
            inviter: '@host_anna',
            came: 2,
            bought: 1,
            invitees: [
              { name: '@friend_olga', invitedAt: '2026-07-02T21:30:00.000Z', came: true, bought: true },
              { name: '@outsider', invitedAt: '2026-07-02T09:30:00.000Z', came: false, bought: false },
              { name: 'Борис', invitedAt: '2026-07-01T09:30:00.000Z', came: true, bought: false },
            ],
          },
          {
            inviter: 'Борис',
            came: 1,
            bought: 0,
            invitees: [{ name: '@gosha', invitedAt: '2026-07-03T09:30:00.000Z', came: true, bought: false }],
          },
        ]),
    });
    renderWithProviders(<InvitesPage />, { user: adminUser });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('ПРИГЛАШЕНИЯ');
    const anna = await screen.findByRole('list', { name: 'Пришли по ссылке @host_anna' });
    // Days on the app's clock: 21:30 UTC is the next day in Moscow.
    expect(
      within(anna)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual([
      '@friend_olgaс 03.07.2026 · есть покупка',
      '@outsiderс 02.07.2026 · еще не в чате',
      'Борисс 01.07.2026',
    ]);
    const boris = screen.getByRole('list', { name: 'Пришли по ссылке Борис' });
    expect(
      within(boris)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual(['@goshaс 03.07.2026']);
    const annaRow = anna.closest('li') as HTMLElement;
    expect(within(annaRow).getByText('Пришли').nextSibling).toHaveTextContent('2');
    expect(within(annaRow).getByText('Купили').nextSibling).toHaveTextContent('1');
  });

  it('says when nobody came through an invitation yet', async () => {
    stubApi({ 'GET /api/admin/invites': () => jsonResponse([]) });
    renderWithProviders(<InvitesPage />, { user: adminUser });
    expect(await screen.findByText('Пока никто не пришел по приглашению.')).toBeVisible();
  });

  it('tells anyone but an admin that only admins see it, without asking the server', () => {
    const api = stubApi({});
    renderWithProviders(<InvitesPage />, { user: plainUser });
    expect(screen.getByText('Приглашения видят только администраторы')).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });
});
