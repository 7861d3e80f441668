import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { myCouponsKeys } from '@/lib/query-keys';
import { type FakeRoute, stubApi } from '@/test/fake-api';
import { myCoupon } from '@/test/my-coupon';
import { jsonResponse, plainUser, renderWithProviders } from '@/test/render';
import { GiftPage } from '../gift-page';

const COUPON_ID = '3f0c8a52-9a1e-4c55-8f7e-2b1d6c9e0a11';
const giftTo = (friend: string) => `POST /api/coupons/buy/friend/${COUPON_ID}/user_ivan/${friend}`;
const lookup = (friend: string) => `GET /api/users/seen/${friend}`;
/** The server's answer whether anyone opened the app as `friend`. */
const seen = (friend: string, answer = true) => ({ [lookup(friend)]: () => jsonResponse({ seen: answer }) });
const ME = {
  id: 1,
  username: 'user_ivan',
  firstName: 'Иван',
  role: 'user',
  isChatMember: true,
  communityChatLink: 'https://t.me/katajsya_chat',
  email: null,
  consentGiven: true,
  receiptEmailRequired: false,
  timeZone: 'Europe/Moscow',
};

function renderGift(routes: Record<string, FakeRoute> = {}) {
  const api = stubApi({ 'GET /api/me': () => jsonResponse(ME), ...routes });
  renderWithProviders(<GiftPage />, {
    route: `/gift-to-friend?couponId=${COUPON_ID}`,
    user: { ...plainUser, communityChatLink: ME.communityChatLink },
  });
  return api;
}

const typeFriend = (value: string) =>
  fireEvent.change(screen.getByLabelText('Юзернейм друга в Telegram'), { target: { value } });
const pressGift = () => fireEvent.click(screen.getByRole('button', { name: 'Подарить QR' }));
const posts = (api: ReturnType<typeof stubApi>) =>
  api.fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('GiftPage', () => {
  it('is titled ПОДАРИТЬ ДРУГУ', () => {
    renderGift();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('ПОДАРИТЬ ДРУГУ');
  });

  it('says a linked coupon that is not the person’s usable one is not theirs, and offers no gift', async () => {
    const api = renderGift({
      'GET /api/coupon/valid/qr/customer/user_ivan': () =>
        jsonResponse([
          myCoupon('someone-elses', 'Рафт-школа «Порог»'),
          myCoupon(COUPON_ID, 'Прокат', { status: 'USED' }),
        ]),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Этот купон уже использован или больше не ваш. Откройте «Мои QR» и выберите купон там.',
    );
    typeFriend('friend_olga');
    expect(screen.getByRole('button', { name: 'Подарить QR' })).toBeDisabled();
    pressGift();
    expect(posts(api)).toHaveLength(0);
  });

  it('says a linked coupon past its last day cannot be given, and why, and offers no gift', async () => {
    const api = renderGift({
      'GET /api/coupon/valid/qr/customer/user_ivan': () =>
        jsonResponse([myCoupon(COUPON_ID, 'Прокат', { status: 'EXPIRED' })]),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Срок действия купона истек: подарить его нельзя',
    );
    typeFriend('friend_olga');
    expect(screen.getByRole('button', { name: 'Подарить QR' })).toBeDisabled();
    pressGift();
    expect(posts(api)).toHaveLength(0);
  });

  it('does nothing with an empty username', () => {
    const api = renderGift();
    typeFriend('  ');
    pressGift();
    expect(posts(api)).toHaveLength(0);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refuses a gift to oneself in red without asking the server, whatever the case or «@»', () => {
    const api = renderGift();
    typeFriend('@User_Ivan');
    pressGift();
    const message = screen.getByRole('alert');
    expect(message).toHaveTextContent('Нельзя отправить купон себе!!');
    expect(message).toHaveClass('notice--error');
    expect(posts(api)).toHaveLength(0);
  });

  it('strips a leading «@», sends once and says «Купон отправлен» in green', async () => {
    const api = renderGift({
      ...seen('friend_olga'),
      [giftTo('friend_olga')]: () => jsonResponse({ status: 'sent', giftId: 1 }),
    });
    typeFriend('@friend_olga');
    const gift = screen.getByRole('button', { name: 'Подарить QR' });
    fireEvent.click(gift);
    fireEvent.click(gift);

    const message = await screen.findByText('Купон отправлен');
    expect(message).toHaveClass('notice--success');
    expect(posts(api)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Подарить QR' })).toBeDisabled();
  });

  it('shows it is working from the tap on, while the friend’s name is still being looked up', async () => {
    let answer: (seen: boolean) => void = () => {};
    renderGift({
      [lookup('friend_olga')]: () =>
        new Promise((resolve) => {
          answer = (seen) => resolve(jsonResponse({ seen }));
        }),
      [giftTo('friend_olga')]: () => jsonResponse({ status: 'sent', giftId: 1 }),
    });
    typeFriend('friend_olga');
    pressGift();
    // Before any answer: the button says it is sending, and cannot be pressed again.
    const working = await screen.findByRole('button', { name: 'Отправляем' });
    expect(working).toBeDisabled();
    act(() => answer(true));
    expect(await screen.findByText('Купон отправлен')).toBeInTheDocument();
  });

  it('asks for the giver’s usable coupons again once the gift is made, and My QR’s list is stale', async () => {
    const GIFTABLE = 'GET /api/coupon/valid/qr/customer/user_ivan';
    const api = stubApi({
      'GET /api/me': () => jsonResponse(ME),
      [GIFTABLE]: () => jsonResponse([myCoupon(COUPON_ID, 'Прокат')]),
      ...seen('friend_olga'),
      [giftTo('friend_olga')]: () => jsonResponse({ status: 'sent', giftId: 1 }),
    });
    const { queryClient } = renderWithProviders(<GiftPage />, {
      route: `/gift-to-friend?couponId=${COUPON_ID}`,
      user: plainUser,
    });
    queryClient.setQueryData(myCouponsKeys.of('user_ivan'), { data: [], etag: '"v1"' });
    await waitFor(() => expect(api.callsTo(GIFTABLE)).toHaveLength(1));

    typeFriend('friend_olga');
    pressGift();
    await screen.findByText('Купон отправлен');
    await waitFor(() => expect(api.callsTo(GIFTABLE)).toHaveLength(2));
    expect(queryClient.getQueryState(myCouponsKeys.of('user_ivan'))?.isInvalidated).toBe(true);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the friend is not in the chat or does not exist on 404', async () => {
    renderGift({
      ...seen('nobody'),
      [giftTo('nobody')]: () => jsonResponse({ error: 'friend_not_found', message: 'Нет такого' }, 404),
    });
    typeFriend('nobody');
    pressGift();
    const message = await screen.findByRole('alert');
    expect(message).toHaveTextContent(
      'Человек с таким юзернеймом не состоит в чате, либо его не существует.',
    );
    expect(message).toHaveClass('notice--error');
  });

  it.each([
    [409, 'coupon_unavailable', 'Этот купон уже использован или больше не ваш'],
    [403, 'not_chat_member', 'Вы не состоите в сплавном чате.'],
    [429, 'too_many_requests', 'Слишком много попыток подряд. Подождите несколько минут и попробуйте снова.'],
  ])('shows the server’s own message on %i %s', async (status, error, message) => {
    renderGift({
      ...seen('friend_olga'),
      [giftTo('friend_olga')]: () => jsonResponse({ error, message }, status),
    });
    typeFriend('friend_olga');
    pressGift();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('says «Купон не отправлен» when the server cannot be reached, and lets the user retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = renderGift();
    typeFriend('friend_olga');
    pressGift();
    expect(await screen.findByRole('alert')).toHaveTextContent('Купон не отправлен');
    pressGift();
    await waitFor(() => expect(api.callsTo(lookup('friend_olga'))).toHaveLength(2));
    expect(posts(api)).toHaveLength(0);
  });

  it.each([
    ['🙂🙂🙂', 'Это не юзернейм Telegram: в нем только латинские буквы, цифры и _'],
    ['мой друг Оля', 'Это не юзернейм Telegram: в нем только латинские буквы, цифры и _'],
    ['friеnd_olga', 'В имени русская буква «е»: юзернеймы Telegram пишутся латиницей'],
  ])(
    'says under the field what is wrong with %j, asking nobody, not that nobody is in the chat',
    (typed, why) => {
      const api = renderGift();
      typeFriend(typed);
      pressGift();
      const field = screen.getByLabelText('Юзернейм друга в Telegram');
      expect(field).toHaveAccessibleDescription(expect.stringContaining(why));
      expect(field).toBeInvalid();
      expect(screen.queryByText(/не состоит в чате/)).not.toBeInTheDocument();
      expect(
        api.fetchMock.mock.calls.filter(([url]) => String(url).includes('/api/users/seen')),
      ).toHaveLength(0);
      typeFriend('friend_olga');
      expect(screen.getByLabelText('Юзернейм друга в Telegram')).toBeValid();
    },
  );

  it('reads a pasted profile link as the name', async () => {
    const api = renderGift({
      ...seen('Friend_Olga'),
      [giftTo('Friend_Olga')]: () => jsonResponse({ status: 'sent', giftId: 1 }),
    });
    typeFriend(' https://t.me/Friend_Olga ');
    pressGift();
    expect(await screen.findByText('Купон отправлен')).toBeInTheDocument();
    expect(posts(api)).toHaveLength(1);
  });

  describe('a gift held for a username the app has not seen (ADR 0012)', () => {
    const CANCEL = 'POST /api/gifts/7/cancel';
    const held = {
      ...seen('quiet_friend', false),
      // 10:30 UTC is 13:30 in Moscow, where the app's dates are told.
      [giftTo('quiet_friend')]: () =>
        jsonResponse({ status: 'held', giftId: 7, heldUntil: '2026-12-03T10:30:00.000Z' }),
    };
    const confirmStep = () =>
      screen.getByRole('group', { name: 'Мы еще не видели @quiet_friend в приложении.' });

    it('asks first, and «Отмена» sends nothing and lets the name be changed', async () => {
      const api = renderGift(held);
      typeFriend('@quiet_friend');
      pressGift();

      expect(await screen.findByText('Мы еще не видели @quiet_friend в приложении.')).toBeInTheDocument();
      expect(confirmStep()).toHaveTextContent(
        'Проверьте юзернейм. Купон будет ждать, пока @quiet_friend не откроет приложение, а через 7 дней вернется к вам.',
      );
      expect(screen.getByRole('button', { name: 'Подарить QR' })).toBeDisabled();
      fireEvent.click(screen.getByRole('button', { name: 'Отмена' }));

      expect(screen.queryByRole('group')).not.toBeInTheDocument();
      expect(posts(api)).toHaveLength(0);
      expect(screen.getByRole('button', { name: 'Подарить QR' })).toBeEnabled();
      expect(screen.getByLabelText('Юзернейм друга в Telegram')).toHaveValue('@quiet_friend');
    });

    it('held on «Подарить и ждать»: says until when it waits, not «Купон отправлен», and cancels it', async () => {
      const api = renderGift({ ...held, [CANCEL]: () => jsonResponse('ok') });
      typeFriend('@quiet_friend');
      pressGift();
      fireEvent.click(await screen.findByRole('button', { name: 'Подарить и ждать' }));

      const waits = await screen.findByText('Подарок ждет @quiet_friend до 03.12.2026 13:30 по Москве.');
      expect(waits).toHaveClass('notice--info');
      expect(waits).toHaveTextContent(
        'Когда @quiet_friend откроет приложение, купон станет его. Если не откроет за 7 дней, купон вернется к вам.',
      );
      expect(posts(api)).toHaveLength(1);
      expect(screen.queryByText('Купон отправлен')).not.toBeInTheDocument();
      expect(screen.queryByRole('group')).not.toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: 'Отменить подарок' }));

      expect(await screen.findByText('Подарок отменен: купон снова в «Мои QR»')).toHaveClass(
        'notice--success',
      );
      expect(api.callsTo(CANCEL)).toHaveLength(1);
      expect(screen.queryByRole('button', { name: 'Отменить подарок' })).not.toBeInTheDocument();
      expect(screen.queryByText(/Подарок ждет/)).not.toBeInTheDocument();
    });

    it('shows the server’s refusal when the gift was claimed meanwhile, and can be pressed again', async () => {
      const refusal = 'Подарок уже получен или отменен: отменить его нельзя';
      renderGift({
        ...held,
        [CANCEL]: () => jsonResponse({ error: 'gift_not_held', message: refusal }, 409),
      });
      typeFriend('quiet_friend');
      pressGift();
      fireEvent.click(await screen.findByRole('button', { name: 'Подарить и ждать' }));
      fireEvent.click(await screen.findByRole('button', { name: 'Отменить подарок' }));

      expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
      expect(screen.getByRole('button', { name: 'Отменить подарок' })).toBeEnabled();
    });

    it('neither asks nor says anything of waiting for a gift sent at once to a member', async () => {
      renderGift({
        ...seen('friend_olga'),
        [giftTo('friend_olga')]: () => jsonResponse({ status: 'sent', giftId: 8 }),
      });
      typeFriend('friend_olga');
      pressGift();
      await screen.findByText('Купон отправлен');
      expect(screen.queryByRole('group')).not.toBeInTheDocument();
      expect(screen.queryByText(/Подарок ждет/)).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Отменить подарок' })).not.toBeInTheDocument();
    });
  });

  describe('copying the chat link', () => {
    const writeText = vi.fn<(text: string) => Promise<void>>();

    beforeEach(() => {
      Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
      vi.useFakeTimers({ shouldAdvanceTime: true });
    });

    afterEach(() => {
      vi.useRealTimers();
      writeText.mockReset();
    });

    const pressCopy = () =>
      act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Скопировать ссылку на сплавной чат' }));
      });

    it('copies the link from /api/me, toasts «Скопировано» for 2 s and ignores taps meanwhile', async () => {
      writeText.mockResolvedValue();
      renderGift();
      await waitFor(() => expect(screen.getByRole('button', { name: /Скопировать/ })).toBeEnabled());
      await act(() => vi.advanceTimersByTimeAsync(50));

      await pressCopy();
      expect(writeText).toHaveBeenCalledExactlyOnceWith('https://t.me/katajsya_chat');
      expect(screen.getByRole('status')).toHaveTextContent('Скопировано');

      await act(() => vi.advanceTimersByTimeAsync(1500));
      await pressCopy();
      expect(writeText).toHaveBeenCalledTimes(1);
      expect(screen.getAllByRole('status')).toHaveLength(1);

      await act(() => vi.advanceTimersByTimeAsync(500));
      expect(screen.queryByText('Скопировано')).not.toBeInTheDocument();

      await pressCopy();
      expect(writeText).toHaveBeenCalledTimes(2);
      expect(screen.getByText('Скопировано')).toBeInTheDocument();
    });

    it('toasts «Ошибка копирования» when the clipboard refuses', async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      writeText.mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
      renderGift();
      await act(() => vi.advanceTimersByTimeAsync(50));

      await pressCopy();
      expect(screen.getByRole('alert')).toHaveTextContent('Ошибка копирования');
      await act(() => vi.advanceTimersByTimeAsync(2000));
      expect(screen.queryByText('Ошибка копирования')).not.toBeInTheDocument();
    });
  });
});
