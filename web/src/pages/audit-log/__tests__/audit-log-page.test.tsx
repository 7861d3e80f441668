import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TAuditEvent } from '#contract/reports';
import { type FakeRoute, stubApi } from '@/test/fake-api';
import { adminUser, jsonResponse, partnerUser, renderWithProviders } from '@/test/render';
import { AuditLogPage } from '../audit-log-page';

const JULY = 'from=2026-07-01&to=2026-07-17';

const EVENTS: TAuditEvent[] = [
  {
    id: 12,
    at: '2026-07-10T07:00:00.000Z',
    kind: 'coupon.refunded',
    actor: '@demo_admin',
    subject: 'purchase:3f0c8a52-9a1e-4c55-8f7e-2b1d6c9e0a11',
    subjectName: 'Рафт-школа «Порог»: скидка 500\u00a0руб за 150\u00a0руб, покупатель @demo_member',
    details: { amount: 5000, outside: false },
  },
  {
    id: 13,
    at: '2026-07-09T21:45:00.000Z',
    kind: 'payment.started',
    actor: '@demo_member',
    subject: 'payment:9b2e4c1d-5f6a-4b7c-8d9e-0a1b2c3d4e5f',
    subjectName: 'Рафт-школа «Порог»: скидка 500\u00a0руб за 150\u00a0руб, покупатель @demo_member',
    details: { offer: 'Рафт-школа «Порог»: скидка 500\u00a0руб за 150\u00a0руб', amount: 150 },
  },
  {
    id: 11,
    at: '2026-07-09T21:30:00.000Z',
    kind: 'coupon.expired',
    actor: null,
    subject: 'purchase:6c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
    subjectName: null,
    details: {},
  },
];

function renderAudit(routes: Record<string, FakeRoute>) {
  const api = stubApi(routes);
  renderWithProviders(<AuditLogPage />, { route: '/audit-log', user: adminUser });
  return api;
}

describe('AuditLogPage', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-07-17T09:00:00.000Z'));
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('tells anyone but an admin that only admins read the log, without asking the server', () => {
    const api = stubApi({});
    renderWithProviders(<AuditLogPage />, { user: partnerUser });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('ЖУРНАЛ СОБЫТИЙ');
    expect(screen.getByText('Журнал событий видят только администраторы')).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('lists this month’s events in Russian: what, who, when and about what', async () => {
    renderAudit({ [`GET /api/admin/audit?${JULY}`]: () => jsonResponse(EVENTS) });

    const events = within(await screen.findByRole('list')).getAllByRole('listitem');
    expect(events.map((event) => event.textContent)).toEqual([
      'Деньги возвращены@demo_admin · 10.07.2026 10:00 по МосквеПокупка Рафт-школа «Порог»: скидка 500\u00a0руб за 150\u00a0руб, покупатель @demo_memberсумма: 5\u00a0000\u00a0руб; вне платежного сервиса: нет',
      // The offer the server named, not «купон №: 2».
      'Начата оплата@demo_member · 10.07.2026 00:45 по МосквеПлатеж Рафт-школа «Порог»: скидка 500\u00a0руб за 150\u00a0руб, покупатель @demo_memberкупон: Рафт-школа «Порог»: скидка 500\u00a0руб за 150\u00a0руб; сумма: 150\u00a0руб',
      'Срок действия истексистема · 10.07.2026 00:30 по МосквеПокупка (запись удалена)',
    ]);
  });

  it('asks for one kind when one is chosen, and exports that kind', async () => {
    sessionStorage.setItem('katajsya.standInInitData', 'user=%7B%22id%22%3A1%7D&hash=x');
    const user = userEvent.setup();
    const exports: unknown[] = [];
    const api = renderAudit({
      [`GET /api/admin/audit?${JULY}`]: () => jsonResponse(EVENTS),
      [`GET /api/admin/audit?${JULY}&kind=coupon.refunded`]: () => jsonResponse([EVENTS[0]]),
      'POST /api/exports/link': (init) => {
        exports.push(JSON.parse(String(init.body)));
        return jsonResponse({ url: '/api/exports/file?token=t', fileName: 'zhurnal.csv' });
      },
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await screen.findByText('Покупка (запись удалена)');

    await user.selectOptions(screen.getByLabelText('Событие'), 'Деньги возвращены');
    await vi.waitFor(() => expect(screen.queryByText('Покупка (запись удалена)')).not.toBeInTheDocument());
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(1);
    expect(api.callsTo(`GET /api/admin/audit?${JULY}&kind=coupon.refunded`)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'ВЫГРУЗИТЬ CSV' }));
    expect(await screen.findByText('Файл CSV скачивается')).toBeInTheDocument();
    expect(exports).toEqual([
      { report: 'audit', from: '2026-07-01', to: '2026-07-17', kind: 'coupon.refunded' },
    ]);
    click.mockRestore();
  });

  it('says when nothing happened in the period', async () => {
    renderAudit({ [`GET /api/admin/audit?${JULY}`]: () => jsonResponse([]) });
    expect(await screen.findByText('За этот период событий нет')).toBeInTheDocument();
  });
});
