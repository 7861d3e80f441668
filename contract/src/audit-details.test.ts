import { describe, expect, it } from 'vitest';
import { auditDetailsText, auditSubjectText } from './audit-details.ts';

const MOSCOW = 'Europe/Moscow';

describe('an audit event’s details as an admin reads them', () => {
  it.each([
    [{ amount: 5000, provider: 'yookassa' }, 'сумма: 5\u00a0000\u00a0руб; платежный сервис: ЮKassa'],
    [{ price: 150, discount: 500 }, 'цена: 150\u00a0руб; скидка: 500\u00a0руб'],
    [
      {
        offline: true,
        nonce: '4f1c2b3a-0d9e-4c8b-a7f6-e5d4c3b2a190',
        redeemedAt: '2026-07-10T07:00:00.000Z',
      },
      'без связи: да; погашен: 10.07.2026 10:00 по Москве',
    ],
    [
      { refundId: '1b2c3d4e-5f60-4718-9a2b-3c4d5e6f7a8b', amount: 150, outside: false },
      'сумма: 150\u00a0руб; вне платежного сервиса: нет',
    ],
    [{ validUntil: '2026-08-31', paymentLink: null }, 'действует до: 31.08.2026; ссылка на оплату: —'],
    [
      { saleStartsAt: '2026-07-01T09:00:00.000Z', quantity: 50, perBuyer: 2 },
      'начало продажи: 01.07.2026 12:00 по Москве; всего купонов: 50; в одни руки: 2',
    ],
    [{ changed: ['companyName', 'phoneNumber'] }, 'изменено: название, телефон'],
    [{ added: ['kayak_anna'], removed: [] }, 'добавлены: @kayak_anna; убраны: —'],
    [{ status: 'NOT_USED' }, 'статус: не использован'],
    [{ offerId: 11, ownerId: 7 }, 'купон: №\u00a011; владелец: №\u00a07'],
    [{ chatId: 123456789, kind: 'COUPON_QR' }, ''],
    [
      { offer: 'Порог: скидка 500\u00a0руб за 150\u00a0руб', owner: '@buyer' },
      'купон: Порог: скидка 500\u00a0руб за 150\u00a0руб; владелец: @buyer',
    ],
  ])('%j reads «%s»', (details, line) => {
    expect(auditDetailsText(details, MOSCOW)).toBe(line);
  });

  it('says whose clock a time is on when the report counts days elsewhere', () => {
    expect(auditDetailsText({ redeemedAt: '2026-07-10T07:00:00.000Z' }, 'Asia/Yekaterinburg')).toBe(
      'погашен: 10.07.2026 12:00 по Екатеринбургу',
    );
  });
});

describe('what an audit event is about', () => {
  it.each([
    [
      { subject: 'offer:11', subjectName: 'Порог: скидка 500\u00a0руб за 150\u00a0руб' },
      'Купон Порог: скидка 500\u00a0руб за 150\u00a0руб',
    ],
    [{ subject: 'partner:3', subjectName: null }, 'Партнер №\u00a03'],
    [
      { subject: 'purchase:3f0c8a52-9a1e-4c55-8f7e-2b1d6c9e0a11', subjectName: null },
      'Покупка (запись удалена)',
    ],
    [{ subject: 'notification:9', subjectName: 'для @buyer' }, 'Сообщение бота для @buyer'],
  ])('%j reads «%s»', (event, line) => {
    expect(auditSubjectText(event)).toBe(line);
  });
});
