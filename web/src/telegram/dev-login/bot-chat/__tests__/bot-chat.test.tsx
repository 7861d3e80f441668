import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TStandInChat } from '#contract/stand-in-chat';
import { stubApi } from '@/test/fake-api';
import { jsonResponse } from '@/test/render';
import { BotChat } from '../bot-chat';

const chat: TStandInChat = {
  botUsername: 'katajsya_local_bot',
  version: 3,
  messages: [
    {
      messageId: 1,
      from: 'bot',
      sentAt: '2026-07-01T09:00:00.000Z',
      text: 'Купон «Порог» действует до 13.07.2026 включительно.',
      entities: [{ type: 'bold', offset: 6, length: 7 }],
      buttons: [
        [
          { text: 'Открыть QR', url: 'https://t.me/katajsya_local_bot?startapp=qr-1', webApp: false },
          { text: 'Не напоминать', callbackData: 'reminders:off', webApp: false },
        ],
      ],
    },
    {
      messageId: 2,
      from: 'bot',
      sentAt: '2026-07-01T09:01:00.000Z',
      text: 'Хотите добавить отзыв? Ответьте на это сообщение.',
      entities: [],
      buttons: [],
      forceReply: { placeholder: 'Ваш отзыв' },
    },
  ],
};

afterEach(() => vi.unstubAllGlobals());

describe('«Чат с ботом» of the stand-in', () => {
  it('shows the bot’s messages with their formatting, a callback’s alert, and a reply to the prompt', async () => {
    const { callsTo, fetchMock } = stubApi({
      'GET /api/dev/chat/7': () => jsonResponse(chat),
      // The next read waits for news that never comes in this test.
      'GET /api/dev/chat/7?since=3': () => new Promise(() => {}),
      'POST /api/dev/chat/7/callback': () =>
        jsonResponse({ answer: { text: 'Напоминания выключены.', showAlert: true } }),
      'POST /api/dev/chat/7/messages': () => new Response(null, { status: 204 }),
    });
    render(<BotChat userId={7} username="demo_member" onClose={() => {}} />);

    expect(await screen.findByText('«Порог»', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Чат с ботом' })).toHaveTextContent(
      '@katajsya_local_bot → @demo_member',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Не напоминать' }));
    expect(await screen.findByRole('alertdialog', { name: 'Напоминания выключены.' })).toBeInTheDocument();
    const tap = fetchMock.mock.calls.find(([url]) => String(url) === '/api/dev/chat/7/callback');
    expect(JSON.parse(String(tap?.[1]?.body))).toEqual({ messageId: 1, data: 'reminders:off' });

    expect(screen.getByText(/^Ответ боту на: Хотите добавить отзыв/)).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Ваш отзыв' }), 'Отлично');
    await userEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(callsTo('POST /api/dev/chat/7/messages')).toHaveLength(1);
    const sent = fetchMock.mock.calls.find(([url]) => String(url) === '/api/dev/chat/7/messages');
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ text: 'Отлично', replyToMessageId: 2 });
  });
});
