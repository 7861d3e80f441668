import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/test/fake-api';
import { createTestQueryClient, jsonResponse } from '@/test/render';
import { useUsername } from '../api/get-me';

// The launch's init data, as Telegram put it in the address.
vi.mock('@/messenger/launch-params', () => ({
  launchUser: () => ({ id: 42, username: 'from_launch' }),
  launchInitData: () => 'init-data',
}));

function renderUsername() {
  const queryClient = createTestQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => useUsername(), { wrapper });
}

describe('the username', () => {
  it('is the launch’s before /api/me answers, and the server’s once it has', async () => {
    let answer: (response: Response) => void = () => {};
    stubApi({ 'GET /api/me': () => new Promise<Response>((resolve) => (answer = resolve)) });

    const { result } = renderUsername();
    expect(result.current).toBe('from_launch');

    answer(
      jsonResponse({
        id: 42,
        username: 'from_server',
        firstName: 'Пётр',
        role: 'user',
        isChatMember: true,
        communityChatLink: 'https://t.me/rafting_chat',
        email: null,
        consentGiven: false,
        receiptEmailRequired: false,
        timeZone: 'Europe/Moscow',
      }),
    );
    await waitFor(() => expect(result.current).toBe('from_server'));
  });
});
