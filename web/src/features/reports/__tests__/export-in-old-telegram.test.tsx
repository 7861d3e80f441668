import { fireEvent, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubApi } from '@/test/fake-api';
import { jsonResponse, partnerUser, renderWithProviders } from '@/test/render';
import { launchInTelegram, type PostedEvent } from '@/test/telegram-launch';
import { ExportButton } from '../components/export-button';

const REQUEST = { report: 'redemptions', from: '2026-07-01', to: '2026-07-17', partnerId: 1 } as const;

let posted: PostedEvent[];

beforeAll(() => {
  // Telegram learned to download files in Mini Apps 8.0: this client cannot.
  posted = launchInTelegram('7.10', 'android');
});

describe('ExportButton in a Telegram too old to download files', () => {
  it('has the bot send the CSV and says so', async () => {
    const bodies: unknown[] = [];
    const api = stubApi({
      'POST /api/exports/send': (init) => {
        bodies.push(JSON.parse(String(init.body)));
        return jsonResponse('ok');
      },
    });
    renderWithProviders(<ExportButton request={REQUEST} />, { user: partnerUser });

    fireEvent.click(screen.getByRole('button', { name: 'ВЫГРУЗИТЬ CSV' }));

    expect(await screen.findByText('Бот отправил файл CSV в чат с вами')).toBeInTheDocument();
    expect(bodies).toEqual([REQUEST]);
    expect(api.callsTo('POST /api/exports/link')).toHaveLength(0);
    expect(posted.map(({ type }) => type)).not.toContain('web_app_request_file_download');
  });

  it('says why when the bot cannot send it', async () => {
    const unavailable =
      'Бот сейчас не может отправить файл. Попробуйте позже или откройте приложение в браузере';
    stubApi({
      'POST /api/exports/send': () => jsonResponse({ error: 'bot_unavailable', message: unavailable }, 503),
    });
    renderWithProviders(<ExportButton request={REQUEST} />, { user: partnerUser });

    fireEvent.click(screen.getByRole('button', { name: 'ВЫГРУЗИТЬ CSV' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(unavailable);
  });
});
