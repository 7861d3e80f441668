import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getMeQueryOptions } from '@/features/session/api/get-me';
import { MemoryRouter } from '@/lib/router/router';
import { stubApi } from '@/test/fake-api';
import { createTestQueryClient, jsonResponse, plainUser } from '@/test/render';
import { ScreenAt } from '@/test/screens';
import { CheckPayPage } from '../check-pay-page';

const CHECK_PAY =
  '/is-success-pay?couponId=7&customerUsername=user_ivan&paymentId=0b9a4c1e-7d0f-4a57-9d5e-1f1f1f1f1f1f';
const CONFIRM = 'POST /api/coupons/buy/7/user_ivan';

/** How the app left CheckPay, and where to ("REPLACE /my-coupons?couponId=…"). */
async function wentTo() {
  const where = await screen.findByTestId('where');
  return `${where.dataset.navigation} ${where.textContent}`;
}

/** CheckPay opened from the buy screen, as the payment flow opens it. */
function renderCheckPay(entries = ['/buy-coupons', CHECK_PAY]) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(getMeQueryOptions().queryKey, plainUser);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter entries={entries}>
        <ScreenAt screens={{ '/is-success-pay': <CheckPayPage /> }} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const storedFlag = () => JSON.parse(localStorage.getItem('katajsya.badPayment') ?? 'null');
const deferred = () => {
  let resolve: (response: Response) => void = () => {};
  const promise = new Promise<Response>((done) => {
    resolve = done;
  });
  return { promise, resolve };
};

describe('CheckPayPage', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('confirms once on «Да», with a spinner, then replaces the route with My QR', async () => {
    const answer = deferred();
    const api = stubApi({ [CONFIRM]: () => answer.promise });
    renderCheckPay();

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Оплата прошла?');
    const yes = screen.getByRole('button', { name: 'Да' });
    fireEvent.click(yes);
    fireEvent.click(yes);
    await waitFor(() =>
      expect(screen.getByRole('status', { name: '' })).toHaveTextContent('Проверяем оплату'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Проверяем оплату' }));
    expect(screen.getByRole('button', { name: 'Проверяем оплату' })).toBeDisabled();

    answer.resolve(jsonResponse({ purchasedCouponId: 'a2f1c0de-0000-4000-8000-000000000001' }));

    expect(await wentTo()).toBe('REPLACE /my-coupons?couponId=a2f1c0de-0000-4000-8000-000000000001');
    const confirmations = api.fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(confirmations).toHaveLength(1);
    expect(JSON.parse(String(confirmations[0]?.[1]?.body))).toEqual({
      paymentId: '0b9a4c1e-7d0f-4a57-9d5e-1f1f1f1f1f1f',
    });
    expect(storedFlag()).toBeNull();
  });

  it('stays on the screen, spinner hidden, saying so, when the server says it is not paid', async () => {
    stubApi({
      [CONFIRM]: () =>
        jsonResponse(
          { error: 'not_paid', message: 'Оплата не прошла. Попробуйте снова провести оплату.' },
          402,
        ),
    });
    renderCheckPay();

    fireEvent.click(screen.getByRole('button', { name: 'Да' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Оплата не прошла. Попробуйте снова провести оплату.',
    );
    expect(screen.queryByText('Проверяем оплату')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Оплата прошла?');
    expect(screen.queryByTestId('where')).not.toBeInTheDocument();
    expect(screen.queryByText(/Не знаем, какой купон проверить/)).not.toBeInTheDocument();
    // One who has just paid may press again.
    expect(screen.getByRole('button', { name: 'Да' })).toBeEnabled();
    expect(storedFlag()).toBeNull();
  });

  it('shows the server message of another failure and lets the buyer try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({
      [CONFIRM]: () =>
        jsonResponse({ error: 'provider_unavailable', message: 'Платежный сервис не отвечает.' }, 502),
    });
    renderCheckPay();

    fireEvent.click(screen.getByRole('button', { name: 'Да' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Платежный сервис не отвечает.');
    expect(screen.queryByText('Проверяем оплату')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Да' })).toBeEnabled();
    expect(storedFlag()).toBeNull();
  });

  it('sets the bad-payment flag on «Нет» and goes back without asking the server', async () => {
    const api = stubApi({});
    renderCheckPay();

    fireEvent.click(screen.getByRole('button', { name: 'Нет' }));

    expect(await wentTo()).toBe('POP /buy-coupons');
    expect(storedFlag()).toEqual({ flag: true, text: 'Попробуйте снова провести оплату' });
    expect(api.fetchMock).not.toHaveBeenCalled();
  });
});
