import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TEmailState } from '#contract/email';
import { stubApi } from '@/test/fake-api';
import { jsonResponse, renderWithProviders } from '@/test/render';
import { MessagesEmail } from '../components/messages-email';
import { ReceiptEmailConfirmation } from '../components/receipt-email-confirmation';

const state = (over: Partial<TEmailState>): TEmailState => ({
  email: 'ivan@example.ru',
  state: 'confirmed',
  mailOn: true,
  ...over,
});

describe('«Почта для сообщений бота» in «Мои данные»', () => {
  it('a confirmed address says so', async () => {
    stubApi({ 'GET /api/me/email': () => jsonResponse(state({})) });
    renderWithProviders(<MessagesEmail />);

    expect(await screen.findByText('Адрес подтвержден')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveValue('ivan@example.ru');
  });

  it('a new address is saved and mailed its link: «Мы отправили письмо для подтверждения»', async () => {
    const api = stubApi({
      'GET /api/me/email': () => jsonResponse(state({ email: null, state: 'none' })),
      'PUT /api/me/email': () => jsonResponse(state({ email: 'new@example.ru', state: 'unconfirmed' })),
    });
    renderWithProviders(<MessagesEmail />);

    await userEvent.type(await screen.findByLabelText('E-mail'), 'new@example.ru');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить и подтвердить' }));

    expect(
      await screen.findByText(/Мы отправили письмо для подтверждения на new@example\.ru/),
    ).toBeInTheDocument();
    expect(api.callsTo('PUT /api/me/email')).toHaveLength(1);
    const [, init] = api.fetchMock.mock.calls.find(([, call]) => call?.method === 'PUT') ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'new@example.ru' });
  });

  it('a refused address shows the server’s words at the field', async () => {
    stubApi({
      'GET /api/me/email': () => jsonResponse(state({ email: null, state: 'none' })),
      'PUT /api/me/email': () =>
        jsonResponse({ error: 'validation_error', message: 'Неправильный формат e-mail' }, 400),
    });
    renderWithProviders(<MessagesEmail />);

    await userEvent.type(await screen.findByLabelText('E-mail'), 'ivan@');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить и подтвердить' }));

    expect(await screen.findByText('Неправильный формат e-mail')).toBeInTheDocument();
  });

  it('is not shown while the server mails nothing', async () => {
    const api = stubApi({ 'GET /api/me/email': () => jsonResponse(state({ mailOn: false })) });
    const { container } = renderWithProviders(<MessagesEmail />);

    await vi.waitFor(() => expect(api.callsTo('GET /api/me/email')).toHaveLength(1));
    expect(container).toBeEmptyDOMElement();
  });
});

describe('the buy screen’s receipt address', () => {
  it('unconfirmed (given with a payment): asked to confirm, then «Мы отправили письмо для подтверждения»', async () => {
    stubApi({
      'GET /api/me/email': () => jsonResponse(state({ state: 'unconfirmed' })),
      'POST /api/me/email/confirmation': () => jsonResponse(state({ state: 'unconfirmed' })),
    });
    renderWithProviders(<ReceiptEmailConfirmation email="ivan@example.ru" />);

    expect(await screen.findByText(/Адрес ivan@example\.ru не подтвержден/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Подтвердить адрес' }));

    expect(
      await screen.findByText(/Мы отправили письмо для подтверждения на ivan@example\.ru/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Отправить письмо еще раз' })).toBeInTheDocument();
  });

  it('confirmed: «Адрес подтвержден»', async () => {
    stubApi({ 'GET /api/me/email': () => jsonResponse(state({})) });
    renderWithProviders(<ReceiptEmailConfirmation email="ivan@example.ru" />);

    expect(await screen.findByText('Адрес подтвержден')).toBeInTheDocument();
  });
});
