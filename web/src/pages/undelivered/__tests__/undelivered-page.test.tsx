import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TUndeliveredMessage } from '#contract/notifications';
import { stubApi } from '@/test/fake-api';
import { adminUser, jsonResponse, plainUser, renderWithProviders } from '@/test/render';
import { UndeliveredPage } from '../undelivered-page';

const blocked: TUndeliveredMessage = {
  id: 41,
  recipient: '@ivan_river',
  text: 'Подарок от @anna: купон «Порог» на скидку 500 руб.',
  reason: 'refused',
  error: "Call to 'sendMessage' failed! (403: Forbidden: bot was blocked by the user)",
  createdAt: '2026-11-23T09:00:00.000Z',
  failedAt: '2026-11-23T09:00:05.000Z',
};
const silent: TUndeliveredMessage = {
  ...blocked,
  id: 42,
  recipient: '100200',
  text: 'Фото QR-кода купона',
  reason: 'unanswered',
  error: 'Network request failed',
};

describe('UndeliveredPage', () => {
  it('shows an admin each message given up, whom for and why, and sends one again', async () => {
    const api = stubApi({
      'GET /api/admin/notifications/undelivered': () => jsonResponse([blocked, silent]),
      'POST /api/admin/notifications/41/resend': () => new Response(null, { status: 204 }),
    });
    renderWithProviders(<UndeliveredPage />, { user: adminUser });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('НЕДОСТАВЛЕННЫЕ');
    const [first, second] = (await screen.findAllByRole('listitem')) as [HTMLElement, HTMLElement];
    expect(first).toHaveTextContent('Кому: @ivan_river');
    expect(first).toHaveTextContent('Подарок от @anna');
    expect(first).toHaveTextContent('Telegram отказал: Call to');
    expect(second).toHaveTextContent('Кому: 100200');
    expect(second).toHaveTextContent('Telegram не принимал сутки');

    await userEvent.click(within(first).getByRole('button', { name: 'Отправить снова' }));
    expect(await within(first).findByText('Сообщение снова в очереди бота.')).toBeVisible();
    expect(api.callsTo('POST /api/admin/notifications/41/resend')).toHaveLength(1);
    expect(within(second).getByRole('button', { name: 'Отправить снова' })).toBeEnabled();
  });

  it('says when every message was delivered', async () => {
    stubApi({ 'GET /api/admin/notifications/undelivered': () => jsonResponse([]) });
    renderWithProviders(<UndeliveredPage />, { user: adminUser });
    expect(await screen.findByText('Все сообщения бота доставлены.')).toBeVisible();
  });

  it('tells anyone but an admin that only admins see it, without asking the server', () => {
    const api = stubApi({});
    renderWithProviders(<UndeliveredPage />, { user: plainUser });
    expect(screen.getByText('Недоставленные сообщения видят только администраторы')).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });
});
