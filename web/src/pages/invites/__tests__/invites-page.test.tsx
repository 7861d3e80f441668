import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '@/test/fake-api';
import { adminUser, jsonResponse, plainUser, renderWithProviders } from '@/test/render';
import { InvitesPage } from '../invites-page';

describe('InvitesPage', () => {
  it('shows an admin, per member, who came through their link and who of them bought', async () => {
    stubApi({
      'GET /api/admin/invites': () =>
        jsonResponse([
          { inviter: '@host_anna', came: 5, bought: 2 },
          { inviter: 'Борис', came: 1, bought: 0 },
        ]),
    });
    renderWithProviders(<InvitesPage />, { user: adminUser });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('ПРИГЛАШЕНИЯ');
    const rows = await screen.findAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['@host_annaПришли5Купили2', 'БорисПришли1Купили0']);
    expect(within(rows[0] as HTMLElement).getByText('Пришли').nextSibling).toHaveTextContent('5');
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
