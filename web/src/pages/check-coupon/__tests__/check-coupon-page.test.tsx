import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TScannedCoupon, TScanStatus } from '#contract/redemption';
import type { TUserState } from '@/features/session/user-state';
import { type FakeRoute, stubApi } from '@/test/fake-api';
import {
  adminUser,
  jsonResponse,
  partnerUser,
  plainUser,
  renderWithProviders,
  staffUser,
} from '@/test/render';
import {
  emitEvent,
  launchInTelegram,
  type PostedEvent,
  pressTelegramButton,
  telegramButton,
} from '@/test/telegram-launch';
import { CheckCouponPage } from '../check-coupon-page';

const readBarcodes = vi.hoisted(() => vi.fn());
const prepareZXingModule = vi.hoisted(() => vi.fn());
vi.mock('zxing-wasm/reader', () => ({ prepareZXingModule, purgeZXingModule: () => {}, readBarcodes }));
const decoded = (text: string | undefined) => (text === undefined ? [] : [{ isValid: true, text }]);

const TOKEN = 'Qm9yb2QtdG9rZW4tMTkyLWJpdHMtbG9uZw';
const QR_TEXT =
  `purchased_coupon_id='${TOKEN}',status='NOT_USED',date='01.07.2025',partner='Рафт-школа «Порог»',` +
  "region='Карелия',discount='500',address='пос. Чкаловский, ул. Речная, 1',telegramName='@demo_member'," +
  "season='2025'";
const SCAN = `GET /api/coupon/scan/${TOKEN}`;
/** The next buyer's coupon in a queue. */
const NEXT_TOKEN = 'U2xlZHVzaGNoaXktdG9rZW4tMTkyLWJpdHM';
const NEXT_QR_TEXT = QR_TEXT.replace(TOKEN, NEXT_TOKEN);
const NEXT_SCAN = `GET /api/coupon/scan/${NEXT_TOKEN}`;
const REDEEM = `POST /api/coupon/apply/${TOKEN}/partner_petr`;
const UNDO = `POST /api/coupon/undo/${TOKEN}`;

const live = (
  status: TScanStatus,
  canUndo = false,
  expiresAt: string | null = null,
  more: Partial<TScannedCoupon> = {},
): TScannedCoupon => ({
  status,
  expiresAt,
  date: '01.07.2025',
  partner: 'Рафт-школа «Порог»',
  region: 'Карелия',
  discount: '500',
  address: 'пос. Чкаловский, ул. Речная, 1',
  telegramName: '@demo_member',
  canUndo,
  redeemedAt: null,
  redeemedBy: null,
  giftedAwayAt: null,
  messenger: 'telegram',
  ...more,
});

let posted: PostedEvent[];
/** Telegram's main button once a coupon can be redeemed. */
const REDEEM_BUTTON = { text: 'Погасить QR', active: true, loading: false };
/** Telegram's main button once a coupon is done with: the next scan, one tap away. */
const SCAN_NEXT = { text: 'Сканировать следующий QR', active: true, loading: false };
const haptics = () =>
  posted
    .filter(({ type }) => type === 'web_app_trigger_haptic_feedback')
    .map(({ data }) => (data as { notification_type?: string }).notification_type);
/** The alarm of a coupon that cannot be redeemed, once shown. */
async function alarm() {
  const headline = await screen.findByRole('heading', { level: 3 });
  return headline.closest<HTMLElement>('[role="alert"]') as HTMLElement;
}

beforeAll(() => {
  posted = launchInTelegram('8.0');
});

function renderCheck(routes: Record<string, FakeRoute>, user: TUserState = partnerUser) {
  const api = stubApi(routes);
  renderWithProviders(<CheckCouponPage />, { route: '/check-coupon', user });
  return api;
}

const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const postedTypes = () => posted.map(({ type }) => type);

/** Presses «Камера» and answers as Telegram's popup does when it reads a QR. */
async function scanWithCamera(text = QR_TEXT) {
  press('Камера');
  await waitFor(() => expect(postedTypes()).toContain('web_app_open_scan_qr_popup'));
  act(() => emitEvent('qr_text_received', { data: text }));
}

const scannedSection = () => screen.getByRole('heading', { name: 'Отсканированный QR' }).closest('section');
const field = (label: string) => {
  const section = scannedSection();
  if (!section) throw new Error('no scanned section');
  return within(section).getByText(label, { selector: 'dt' }).nextElementSibling;
};

describe('a user who is neither a partner, their staff nor an admin', () => {
  it('is told so, with no scanner to open', () => {
    stubApi({});
    renderWithProviders(<CheckCouponPage />, { route: '/check-coupon', user: plainUser });
    expect(
      screen.getByText('Проверять и гасить купоны могут только партнеры, их сотрудники и администраторы'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Камера' })).not.toBeInTheDocument();
    expect(screen.queryByText('Вы вошли как партнер')).not.toBeInTheDocument();
  });
});

describe('CheckCouponPage', () => {
  const scrollIntoView = vi.fn();

  beforeEach(() => {
    posted.length = 0;
    // jsdom has no layout to scroll.
    Element.prototype.scrollIntoView = scrollIntoView;
  });

  afterEach(() => {
    scrollIntoView.mockReset();
    readBarcodes.mockReset();
    prepareZXingModule.mockReset();
  });

  it('greets the partner and offers the camera and a file', () => {
    renderCheck({});
    expect(screen.getByRole('heading', { name: 'Вы вошли как партнер' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Просканируйте QR, чтобы погасить' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Камера' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Загрузить файл' })).toBeEnabled();
  });

  it('scans with Telegram’s popup, closes it after the first read and lists the fields with the live status', async () => {
    const api = renderCheck({ [SCAN]: () => jsonResponse(live('NOT_USED')) });

    press('Камера');
    await waitFor(() => expect(postedTypes()).toContain('web_app_open_scan_qr_popup'));
    expect(posted.find(({ type }) => type === 'web_app_open_scan_qr_popup')?.data).toEqual({
      text: 'Наведите камеру на QR купона',
    });
    expect(screen.getByRole('button', { name: 'Камера' })).toBeDisabled();

    act(() => emitEvent('qr_text_received', { data: QR_TEXT }));

    expect(postedTypes()).toContain('web_app_close_scan_qr_popup');
    await waitFor(() => expect(telegramButton(posted)).toEqual(REDEEM_BUTTON));
    expect(api.callsTo(SCAN)).toHaveLength(1);
    expect(field('Telegram')).toHaveTextContent('@demo_member');
    expect(field('Статус')).toHaveTextContent('Не использован');
    expect(field('Дата')).toHaveTextContent('01.07.2025');
    expect(field('Партнер')).toHaveTextContent('Рафт-школа «Порог»');
    expect(field('Регион')).toHaveTextContent('Карелия');
    expect(field('Скидка')).toHaveTextContent('500 руб');
    expect(field('На услуги')).toHaveTextContent('от 3 334 руб');
    expect(field('Адрес')).toHaveTextContent('пос. Чкаловский, ул. Речная, 1');
    expect(field('season')).toHaveTextContent('2025');
    expect(scannedSection()).not.toHaveTextContent(TOKEN);
    expect(scannedSection()).not.toHaveTextContent('purchased_coupon_id');
    expect(screen.getByRole('button', { name: 'Камера' })).toBeEnabled();
  });

  it('closes a camera scan that never answers when the partner turns to a file, and ignores a late read', async () => {
    const api = renderCheck({});
    press('Камера');
    await waitFor(() => expect(postedTypes()).toContain('web_app_open_scan_qr_popup'));

    press('Загрузить файл');

    expect(postedTypes()).toContain('web_app_close_scan_qr_popup');
    expect(screen.getByRole('button', { name: 'Камера' })).toBeEnabled();
    expect(screen.getByLabelText(/Выберите ваш QR/)).toBeEnabled();
    act(() => emitEvent('qr_text_received', { data: QR_TEXT }));
    expect(screen.queryByRole('heading', { name: 'Отсканированный QR' })).not.toBeInTheDocument();
    expect(api.callsTo(`GET /api/coupon/scan/${TOKEN}`)).toEqual([]);

    press('Камера');
    await waitFor(() =>
      expect(postedTypes().filter((type) => type === 'web_app_open_scan_qr_popup')).toHaveLength(2),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    act(() => emitEvent('scan_qr_popup_closed'));
  });

  it('redeems once: «Купон погашен», the status turns used, and the main button scans the next, not the one just redeemed', async () => {
    const api = renderCheck({
      [SCAN]: () => jsonResponse(live('NOT_USED')),
      [NEXT_SCAN]: () => jsonResponse(live('NOT_USED')),
      [REDEEM]: () => jsonResponse(''),
    });
    await scanWithCamera();
    await pressTelegramButton(posted, 'Погасить QR');
    act(() => emitEvent('main_button_pressed'));

    expect(await screen.findByText('Купон погашен')).toBeInTheDocument();
    expect(field('Статус')).toHaveTextContent('Использован');
    // What this screen has just redeemed is a success, not an alarm.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(haptics()).toEqual(['success']);
    expect(telegramButton(posted)).toEqual(SCAN_NEXT);
    expect(api.callsTo(REDEEM)).toHaveLength(1);

    const popups = postedTypes().filter((type) => type === 'web_app_open_scan_qr_popup').length;
    await pressTelegramButton(posted, 'Сканировать следующий QR');
    expect(postedTypes().filter((type) => type === 'web_app_open_scan_qr_popup')).toHaveLength(popups + 1);
    // The QR just redeemed, still before the camera, is read again: told so, not alarmed, its card kept.
    act(() => emitEvent('qr_text_received', { data: QR_TEXT }));
    expect(await screen.findByText(/Этот купон вы только что погасили/)).toBeInTheDocument();
    expect(screen.getByText('Купон погашен')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.callsTo(SCAN)).toHaveLength(1);

    // The next buyer's QR is a new card.
    await pressTelegramButton(posted, 'Сканировать следующий QR');
    act(() => emitEvent('qr_text_received', { data: NEXT_QR_TEXT }));
    await waitFor(() => expect(telegramButton(posted)).toEqual(REDEEM_BUTTON));
    expect(screen.queryByText(/только что погасили/)).not.toBeInTheDocument();
  });

  it('turns a refused redeem into the alarm of what the server now holds, and does not offer it again', async () => {
    const answers = [live('NOT_USED'), live('USED')];
    const api = renderCheck({
      [SCAN]: () => jsonResponse(answers.shift() ?? live('USED')),
      [REDEEM]: () => jsonResponse('Купон не действителен', 409),
    });
    await scanWithCamera();
    await pressTelegramButton(posted, 'Погасить QR');

    expect(within(await alarm()).getByRole('heading')).toHaveTextContent('Купон уже погашен');
    expect(field('Статус')).toHaveTextContent('Использован');
    expect(telegramButton(posted)).toEqual(SCAN_NEXT);
    expect(api.callsTo(REDEEM)).toHaveLength(1);
  });

  it('says «wait» rather than «not valid» when the partner has tried too often', async () => {
    const tooMany = 'Слишком много попыток подряд. Подождите несколько минут и попробуйте снова.';
    renderCheck({
      [SCAN]: () => jsonResponse(live('NOT_USED')),
      [REDEEM]: () => jsonResponse({ error: 'too_many_requests', message: tooMany }, 429),
    });
    await scanWithCamera();
    await pressTelegramButton(posted, 'Погасить QR');

    expect(await screen.findByText(tooMany)).toBeInTheDocument();
    expect(screen.queryByText('Купон не действителен')).not.toBeInTheDocument();
  });

  it('raises the alarm for a used coupon, whatever its QR printed: a headline, the error buzz, no redeem', async () => {
    renderCheck({ [SCAN]: () => jsonResponse(live('USED')) });
    await scanWithCamera();

    expect(within(await alarm()).getByRole('heading')).toHaveTextContent('Купон уже погашен');
    expect(field('Статус')).toHaveTextContent('Использован');
    expect(haptics()).toEqual(['error']);
    expect(telegramButton(posted)).toEqual(SCAN_NEXT);
    expect(screen.queryByRole('button', { name: 'Погасить QR' })).not.toBeInTheDocument();
  });

  it('raises the alarm for an expired coupon with its last day, and offers no redeem', async () => {
    renderCheck({ [SCAN]: () => jsonResponse(live('EXPIRED', false, '2026-06-30')) });
    await scanWithCamera();

    const expired = await alarm();
    expect(within(expired).getByRole('heading')).toHaveTextContent('Срок купона истек');
    expect(expired).toHaveTextContent('Последний день купона — 30.06.2026.');
    expect(field('Статус')).toHaveTextContent('Срок действия истек');
    expect(field('Действует до')).toHaveTextContent('30.06.2026');
    expect(telegramButton(posted)).toEqual(SCAN_NEXT);
  });

  it('raises the alarm for a coupon whose money is going back, and offers no redeem', async () => {
    renderCheck({ [SCAN]: () => jsonResponse(live('REFUND_PENDING')) });
    await scanWithCamera();

    expect(within(await alarm()).getByRole('heading')).toHaveTextContent('Деньги за купон возвращаются');
    expect(field('Статус')).toHaveTextContent('Идет возврат денег');
    expect(telegramButton(posted)).toEqual(SCAN_NEXT);
  });

  it('says when and by whom a used coupon was redeemed, on the server’s clock, with the company', async () => {
    renderCheck({
      [SCAN]: () =>
        jsonResponse(
          live('USED', false, null, { redeemedAt: '2026-08-15T09:05:00Z', redeemedBy: '@staff_sveta' }),
        ),
    });
    await scanWithCamera();

    const used = await alarm();
    expect(within(used).getByRole('heading')).toHaveTextContent('Купон уже погашен');
    expect(used).toHaveTextContent('Когда: 15.08.2026 12:05 по Москве');
    expect(used).toHaveTextContent('Кто: @staff_sveta, Рафт-школа «Порог»');
  });

  it.each([
    ['REFUNDED', 'Деньги за купон возвращены', 'Покупателю вернули деньги', 'Деньги возвращены'],
    ['VOID', 'Купон аннулирован', 'Администратор аннулировал купон', 'Аннулирован'],
    ['GIFTED_AWAY', 'Купон подарен другому', 'Подарен 14.08.2026 21:30 по Москве.', 'Подарен другому'],
  ] as const)('raises the alarm for a coupon %s: «%s»', async (status, headline, detail, statusRow) => {
    renderCheck({
      [SCAN]: () => jsonResponse(live(status, false, null, { giftedAwayAt: '2026-08-14T18:30:00Z' })),
    });
    await scanWithCamera();

    const shown = await alarm();
    expect(within(shown).getByRole('heading')).toHaveTextContent(headline);
    expect(shown).toHaveTextContent(detail);
    expect(field('Статус')).toHaveTextContent(statusRow);
    expect(haptics()).toEqual(['error']);
    expect(telegramButton(posted)).toEqual(SCAN_NEXT);
  });

  it('says «Погашено сегодня» of the company on opening, asks again after a redeem and after an undo', async () => {
    const counts = [4, 5, 4];
    const today = `GET /api/redemption/today`;
    const api = renderCheck({
      [today]: () => jsonResponse([{ companyName: 'Рафт-школа «Порог»', count: counts.shift() ?? 4 }]),
      [SCAN]: () => jsonResponse(live('NOT_USED')),
      [REDEEM]: () => jsonResponse(''),
      [UNDO]: () => jsonResponse('ok'),
    });
    expect(await screen.findByText('Погашено сегодня — Рафт-школа «Порог»: 4')).toBeInTheDocument();
    await scanWithCamera();
    await pressTelegramButton(posted, 'Погасить QR');
    expect(await screen.findByText('Погашено сегодня — Рафт-школа «Порог»: 5')).toBeInTheDocument();

    press('Отменить погашение');
    press('Да, отменить');
    expect(await screen.findByText('Погашено сегодня — Рафт-школа «Порог»: 4')).toBeInTheDocument();
    expect(api.callsTo(today)).toHaveLength(3);
  });

  it('tells an admin they are signed in as one, and that nothing was redeemed today when so', async () => {
    renderCheck({ 'GET /api/redemption/today': () => jsonResponse([]) }, adminUser);
    expect(screen.getByRole('heading', { level: 2, name: 'Вы вошли как администратор' })).toBeInTheDocument();
    expect(await screen.findByText('Сегодня купоны еще не гасили')).toBeInTheDocument();
  });

  it('says «Срок действия истек» when the server refuses a redeem because the coupon has just expired', async () => {
    const answers = [live('NOT_USED', false, '2026-06-30'), live('EXPIRED', false, '2026-06-30')];
    renderCheck({
      [SCAN]: () => jsonResponse(answers.shift() ?? live('EXPIRED', false, '2026-06-30')),
      [REDEEM]: () => jsonResponse('Срок действия истек', 409),
    });
    await scanWithCamera();
    await pressTelegramButton(posted, 'Погасить QR');

    expect(await screen.findByRole('alert')).toHaveTextContent('Срок');
    expect(screen.queryByText('Купон не действителен')).not.toBeInTheDocument();
    await waitFor(() => expect(field('Статус')).toHaveTextContent('Срок действия истек'));
    expect(within(await alarm()).getByRole('heading')).toHaveTextContent('Срок купона истек');
  });

  it('lets a partner’s staff member scan and redeem in their own name', async () => {
    const api = renderCheck(
      {
        [SCAN]: () => jsonResponse(live('NOT_USED')),
        [`POST /api/coupon/apply/${TOKEN}/staff_sveta`]: () => jsonResponse(''),
      },
      staffUser,
    );
    expect(screen.getByText('Вы вошли как сотрудник партнера')).toBeInTheDocument();
    await scanWithCamera();
    await pressTelegramButton(posted, 'Погасить QR');

    expect(await screen.findByText('Купон погашен')).toBeInTheDocument();
    expect(api.callsTo(`POST /api/coupon/apply/${TOKEN}/staff_sveta`)).toHaveLength(1);
  });

  it('undoes a redemption after a confirm step', async () => {
    const api = renderCheck({
      [SCAN]: () => jsonResponse(live('NOT_USED')),
      [REDEEM]: () => jsonResponse(''),
      [UNDO]: () => jsonResponse('ok'),
    });
    await scanWithCamera();
    await pressTelegramButton(posted, 'Погасить QR');
    await screen.findByText('Купон погашен');

    press('Отменить погашение');
    expect(screen.getByRole('group', { name: 'Отменить погашение?' })).toHaveTextContent(
      'Купон снова станет действительным: покупатель сможет получить по нему скидку.',
    );
    press('Нет');
    expect(api.callsTo(UNDO)).toHaveLength(0);

    press('Отменить погашение');
    press('Да, отменить');

    expect(await screen.findByText('Погашение отменено')).toBeInTheDocument();
    expect(api.callsTo(UNDO)).toHaveLength(1);
    expect(field('Статус')).toHaveTextContent('Не использован');
    expect(telegramButton(posted)).toEqual(REDEEM_BUTTON);
    expect(screen.queryByRole('button', { name: 'Отменить погашение' })).not.toBeInTheDocument();
  });

  it('says «Купон не действителен» with the server’s reason when the scan is refused', async () => {
    renderCheck({
      [SCAN]: () =>
        jsonResponse({ error: 'forbidden', message: 'Это купон другого партнера: погасить его нельзя' }, 403),
    });
    await scanWithCamera();

    const refusal = await alarm();
    expect(within(refusal).getByRole('heading')).toHaveTextContent('Купон не действителен');
    expect(refusal).toHaveTextContent('Это купон другого партнера: погасить его нельзя');
    expect(haptics()).toEqual(['error']);
    expect(telegramButton(posted)).toEqual(SCAN_NEXT);
  });

  it('says a QR of another kind holds no coupon, without asking the server', async () => {
    const api = renderCheck({});
    await scanWithCamera('https://example.com/menu');

    expect(await screen.findByRole('alert')).toHaveTextContent('Купон не действителен');
    expect(screen.getByRole('alert')).toHaveTextContent('В этом QR нет купона «Катайся с нами».');
    expect(api.fetchMock.mock.calls.filter(([path]) => String(path).startsWith('/api/coupon/'))).toEqual([]);
  });

  describe('a file', () => {
    const chooseFile = (file: File) =>
      act(async () => {
        fireEvent.change(screen.getByLabelText(/Выберите ваш QR/), { target: { files: [file] } });
      });

    it('shows the picker, scrolls to it and reads the QR from a picture', async () => {
      readBarcodes.mockResolvedValue(decoded(QR_TEXT));
      renderCheck({ [SCAN]: () => jsonResponse(live('NOT_USED')) });

      press('Загрузить файл');

      expect(screen.getByText('Загрузите изображение')).toBeInTheDocument();
      const picker = screen.getByLabelText(/Выберите ваш QR/);
      expect(picker).toHaveAttribute('type', 'file');
      expect(picker).toHaveAttribute('accept', 'image/*');
      expect(scrollIntoView).toHaveBeenCalled();

      const image = new File([new Uint8Array([137, 80, 78, 71])], 'qr.png', { type: 'image/png' });
      await chooseFile(image);

      await waitFor(() => expect(telegramButton(posted)).toEqual(REDEEM_BUTTON));
      expect(readBarcodes).toHaveBeenCalledWith(image, expect.objectContaining({ formats: ['QRCode'] }));
      expect(field('Партнер')).toHaveTextContent('Рафт-школа «Порог»');
    });

    it('scans the next from a picture too, keeping the last result until one is chosen', async () => {
      readBarcodes.mockResolvedValue(decoded(QR_TEXT));
      renderCheck({ [SCAN]: () => jsonResponse(live('NOT_USED')), [REDEEM]: () => jsonResponse('') });
      press('Загрузить файл');
      await chooseFile(new File([new Uint8Array([1])], 'qr.png', { type: 'image/png' }));
      await pressTelegramButton(posted, 'Погасить QR');
      expect(await screen.findByText('Купон погашен')).toBeInTheDocument();

      const picker = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => {});
      const popups = postedTypes().filter((type) => type === 'web_app_open_scan_qr_popup').length;
      await pressTelegramButton(posted, 'Сканировать следующий QR');
      expect(picker).toHaveBeenCalledTimes(1);
      picker.mockRestore();
      // No camera asked for, the picture's mode kept and its result still there.
      expect(postedTypes().filter((type) => type === 'web_app_open_scan_qr_popup')).toHaveLength(popups);
      expect(screen.getByRole('button', { name: 'Загрузить файл' })).toHaveAttribute('aria-pressed', 'true');
      expect(screen.getByText('Купон погашен')).toBeInTheDocument();
    });

    it('refuses a file that is not an image', async () => {
      renderCheck({});
      press('Загрузить файл');
      await chooseFile(new File(['%PDF'], 'coupon.pdf', { type: 'application/pdf' }));

      expect(screen.getByRole('alert')).toHaveTextContent('Это не изображение.');
      expect(readBarcodes).not.toHaveBeenCalled();
    });

    it('says so when the picture has no QR', async () => {
      readBarcodes.mockResolvedValue(decoded(undefined));
      renderCheck({});
      press('Загрузить файл');
      await chooseFile(new File([new Uint8Array([1])], 'cat.jpg', { type: 'image/jpeg' }));

      expect(await screen.findByRole('alert')).toHaveTextContent('На изображении не найден QR.');
    });

    it('says the reader is missing, not the picture, when its WASM could not be fetched, and reads once it can', async () => {
      // No signal since the app started: the WASM the screen asked for as it opened never came. A
      // fresh decoder module, as an app started anew has: this file's earlier tests compiled it.
      vi.resetModules();
      prepareZXingModule.mockRejectedValue(new TypeError('Failed to fetch'));
      readBarcodes.mockResolvedValue(decoded(QR_TEXT));
      renderCheck({ [SCAN]: () => jsonResponse(live('NOT_USED')) });
      press('Загрузить файл');
      await chooseFile(new File([new Uint8Array([1])], 'qr.png', { type: 'image/png' }));

      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('чтение снимков QR еще не загружено: дело не в снимке');
      expect(alert).not.toHaveTextContent('Не удалось прочитать изображение');
      expect(readBarcodes).not.toHaveBeenCalled();

      // The signal is back: the next picture fetches the WASM again and is read.
      prepareZXingModule.mockResolvedValue({});
      await chooseFile(new File([new Uint8Array([1])], 'qr.png', { type: 'image/png' }));
      await waitFor(() => expect(telegramButton(posted)).toEqual(REDEEM_BUTTON));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });

    it('clears the result when the mode changes', async () => {
      readBarcodes.mockResolvedValue(decoded(QR_TEXT));
      renderCheck({ [SCAN]: () => jsonResponse(live('NOT_USED')) });
      press('Загрузить файл');
      await chooseFile(new File([new Uint8Array([1])], 'qr.png', { type: 'image/png' }));
      await waitFor(() => expect(telegramButton(posted)).toEqual(REDEEM_BUTTON));

      press('Камера');

      expect(screen.queryByRole('heading', { name: 'Отсканированный QR' })).not.toBeInTheDocument();
      expect(screen.queryByText('Загрузите изображение')).not.toBeInTheDocument();
      act(() => emitEvent('scan_qr_popup_closed'));
    });
  });
});
