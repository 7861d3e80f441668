import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TStandInInbox } from '#contract/email';
import { stubApi } from '@/test/fake-api';
import { jsonResponse } from '@/test/render';
import { StandInMail } from '../stand-in-mail';

const relaunch = vi.hoisted(() => vi.fn());
vi.mock('../../../stand-in', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../stand-in')>()),
  relaunchStandIn: relaunch,
}));

const STOP = 'http://localhost:3000/api/email/stop?token=abc.def';

// Newest first, as the server lists them.
const inbox: TStandInInbox = {
  version: 2,
  mails: [
    {
      id: 2,
      at: '2026-07-01T09:16:00.000Z',
      to: ['ivan@example.ru'],
      subject: 'Катайся с нами: QR-код вашего купона',
      text: `Купон «Порог» (Карелия): скидка 1 000 руб\n\nОткрыть в приложении: https://t.me/katajsya_local_bot?startapp=qr-42\n\n—\nБольше не присылать писем: ${STOP}`,
      imageUrls: ['/api/dev/mail/7/2/images/0'],
    },
    {
      id: 1,
      at: '2026-07-01T09:00:00.000Z',
      to: ['ivan@example.ru'],
      subject: 'Катайся с нами: подтвердите адрес',
      text: 'Подтвердить адрес: http://localhost:3000/api/email/confirm?token=x.y',
      imageUrls: [],
    },
  ],
};

afterEach(() => vi.unstubAllGlobals());

describe('«Почта» of the stand-in', () => {
  it('lists the caught mails newest first, with the QR, and its links working', async () => {
    const { fetchMock } = stubApi({
      'GET /api/dev/mail/7': () => jsonResponse(inbox),
      // The next read waits for a mail that never comes in this test.
      'GET /api/dev/mail/7?since=2': () => new Promise(() => {}),
      'POST /api/dev/init-data': () => jsonResponse({ initData: 'signed-for-ivan' }),
    });
    render(<StandInMail userId={7} username="demo_member" onClose={() => {}} />);

    const mails = await screen.findAllByRole('listitem');
    expect(mails.map((mail) => within(mail).getByRole('heading').textContent)).toEqual([
      'Катайся с нами: QR-код вашего купона',
      'Катайся с нами: подтвердите адрес',
    ]);
    const [qrMail] = mails;
    if (!qrMail) throw new Error('no mail');
    expect(within(qrMail).getByRole('img', { name: 'QR-код купона' })).toHaveAttribute(
      'src',
      '/api/dev/mail/7/2/images/0',
    );
    // The stop link opens its page.
    expect(within(qrMail).getByRole('link', { name: STOP })).toHaveAttribute('href', STOP);

    // The app's link opens the app as this person, on the coupon.
    await userEvent.click(
      within(qrMail).getByRole('link', { name: 'https://t.me/katajsya_local_bot?startapp=qr-42' }),
    );
    const signIn = fetchMock.mock.calls.find(([url]) => String(url) === '/api/dev/init-data');
    expect(JSON.parse(String(signIn?.[1]?.body))).toEqual({
      userId: 7,
      startParam: 'qr-42',
      messenger: 'telegram',
    });
    expect(relaunch).toHaveBeenCalledWith('signed-for-ivan', '/');
  });

  it('an empty mailbox says where mail comes from', async () => {
    stubApi({
      'GET /api/dev/mail/8': () => jsonResponse({ version: 0, mails: [] }),
      'GET /api/dev/mail/8?since=0': () => new Promise(() => {}),
    });
    render(<StandInMail userId={8} username="demo_guest" onClose={() => {}} />);

    expect(await screen.findByText(/Писем нет\. Укажите e-mail в «Мои данные»/)).toBeInTheDocument();
  });
});
