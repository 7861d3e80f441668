import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { TMeResponse } from '#contract/session';
import { stubApi } from '@/test/fake-api';
import { createTestQueryClient, jsonResponse } from '@/test/render';
import { useUser } from '../api/get-me';
import { forgetStoredUser, readStoredUser, storeUser, toUserState } from '../user-state';

const partner: TMeResponse = {
  id: 42,
  username: 'partner_petr',
  firstName: 'Пётр',
  role: 'partner',
  isChatMember: true,
  communityChatLink: 'https://t.me/rafting_chat',
  email: 'petr@example.ru',
  consentGiven: true,
  receiptEmailRequired: false,
  timeZone: 'Europe/Moscow',
};

function renderUser() {
  const queryClient = createTestQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => useUser(), { wrapper });
}

describe('user state', () => {
  it('loads the user from /api/me and persists it', async () => {
    const api = stubApi({ 'GET /api/me': () => jsonResponse(partner) });

    const { result } = renderUser();

    await waitFor(() =>
      expect(result.current).toEqual({
        username: 'partner_petr',
        role: 'partner',
        isChatMember: true,
        communityChatLink: 'https://t.me/rafting_chat',
        email: 'petr@example.ru',
        consentGiven: true,
        receiptEmailRequired: false,
        timeZone: 'Europe/Moscow',
      }),
    );
    expect(api.callsTo('GET /api/me')).toHaveLength(1);
    expect(readStoredUser(42)).toEqual({
      username: 'partner_petr',
      role: 'partner',
      isChatMember: true,
      communityChatLink: 'https://t.me/rafting_chat',
      email: 'petr@example.ru',
      consentGiven: true,
      receiptEmailRequired: false,
      timeZone: 'Europe/Moscow',
    });
  });

  it('starts with the persisted user while the fresh one loads, then takes the fresh one', async () => {
    storeUser(partner);
    let answer: (response: Response) => void = () => {};
    stubApi({ 'GET /api/me': () => new Promise<Response>((resolve) => (answer = resolve)) });

    const { result } = renderUser();

    expect(result.current).toEqual({
      username: 'partner_petr',
      role: 'partner',
      isChatMember: true,
      communityChatLink: 'https://t.me/rafting_chat',
      email: 'petr@example.ru',
      consentGiven: true,
      receiptEmailRequired: false,
      timeZone: 'Europe/Moscow',
    });
    answer(jsonResponse({ ...partner, role: 'admin', isChatMember: false }));
    await waitFor(() =>
      expect(result.current).toEqual({
        username: 'partner_petr',
        role: 'admin',
        isChatMember: false,
        communityChatLink: 'https://t.me/rafting_chat',
        email: 'petr@example.ru',
        consentGiven: true,
        receiptEmailRequired: false,
        timeZone: 'Europe/Moscow',
      }),
    );
    expect(readStoredUser(42)?.role).toBe('admin');
  });

  it('keeps the persisted user and only logs when /api/me fails', async () => {
    storeUser(partner);
    const api = stubApi({
      'GET /api/me': () => jsonResponse({ error: 'unauthorized', message: 'Войдите заново' }, 401),
    });

    const { result } = renderUser();

    await waitFor(() => expect(api.callsTo('GET /api/me')).toHaveLength(1));
    expect(result.current).toEqual({
      username: 'partner_petr',
      role: 'partner',
      isChatMember: true,
      communityChatLink: 'https://t.me/rafting_chat',
      email: 'petr@example.ru',
      consentGiven: true,
      receiptEmailRequired: false,
      timeZone: 'Europe/Moscow',
    });
  });

  it('keeps bot messages stuck for the screen, never for the next start', async () => {
    const admin = {
      ...partner,
      role: 'admin' as const,
      botMessagesStuck: { minutes: 14, telegram: 'down' as const },
    };
    stubApi({ 'GET /api/me': () => jsonResponse(admin) });

    const { result } = renderUser();

    await waitFor(() => expect(result.current?.botMessagesStuck).toEqual({ minutes: 14, telegram: 'down' }));
    expect(readStoredUser(42)).toEqual({ ...toUserState(partner), role: 'admin' });
    expect(readStoredUser(42)).not.toHaveProperty('botMessagesStuck');
  });

  it('forgets the saved state of a user whose data was erased', () => {
    storeUser(partner);
    forgetStoredUser();
    expect(readStoredUser(42)).toBeUndefined();
  });

  it('does not hand one Telegram account the state saved for another', () => {
    storeUser(partner);
    expect(readStoredUser(42)).toBeDefined();
    expect(readStoredUser(7)).toBeUndefined();
  });

  it('keeps a membership Telegram had not confirmed as not known, and no other value', () => {
    storeUser({ ...partner, isChatMember: null });
    expect(readStoredUser(42)?.isChatMember).toBeNull();
    localStorage.setItem('katajsya.user', JSON.stringify({ ...partner, isChatMember: 'yes' }));
    expect(readStoredUser(42)).toBeUndefined();
  });

  it('ignores a damaged saved state', () => {
    localStorage.setItem('katajsya.user', '{"id":42,"role":"superuser"}');
    expect(readStoredUser(42)).toBeUndefined();
  });
});
