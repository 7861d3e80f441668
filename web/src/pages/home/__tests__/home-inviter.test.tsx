import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/test/fake-api';
import { jsonResponse, plainUser, renderWithProviders } from '@/test/render';
import { HomePage } from '../home-page';

let startParam: string | undefined;
vi.mock('@/messenger/launch-params', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/messenger/launch-params')>()),
  launchStartParam: () => startParam,
}));

const INVITER = 'GET /api/me/inviter';

describe('Home of someone who opened an invitation link', () => {
  afterEach(() => {
    startParam = undefined;
  });

  it('says first who invited them', async () => {
    startParam = 'ref_a1B2c3D4';
    stubApi({ [INVITER]: () => jsonResponse({ inviter: 'Анна (@host_anna)' }) });
    renderWithProviders(<HomePage />, { user: { ...plainUser, isChatMember: false } });

    const greeting = await screen.findByText(
      'Вас пригласил(а) Анна (@host_anna). Добро пожаловать в «Катайся с нами»!',
    );
    expect(greeting).toHaveRole('status');
    // Above the chat's rule and every button: the first thing the newcomer reads.
    const first = screen.getAllByRole('button')[0] as HTMLElement;
    expect(greeting.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says nothing when the link credits nobody with them', async () => {
    startParam = 'ref_a1B2c3D4';
    const api = stubApi({ [INVITER]: () => jsonResponse({ inviter: null }) });
    renderWithProviders(<HomePage />, { user: plainUser });
    await vi.waitFor(() => expect(api.callsTo(INVITER)).toHaveLength(1));
    expect(screen.queryByText(/Вас пригласил/)).not.toBeInTheDocument();
  });

  it('asks nothing on a launch through any other link, or none', () => {
    const api = stubApi({});
    startParam = 'qr-3f0c8a52-9a1e-4c55-8f7e-2b1d6c9e0a11';
    const { unmount } = renderWithProviders(<HomePage />, { user: plainUser });
    unmount();
    startParam = undefined;
    renderWithProviders(<HomePage />, { user: plainUser });
    expect(api.callsTo(INVITER)).toHaveLength(0);
  });
});
