import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubApi } from '@/test/fake-api';
import { jsonResponse, partnerUser, renderWithProviders } from '@/test/render';
import { launchInTelegram, type PostedEvent } from '@/test/telegram-launch';
import { ExportButton } from '../components/export-button';

const REQUEST = { report: 'settlement', from: '2026-07-01', to: '2026-07-17' } as const;

let posted: PostedEvent[];

beforeAll(() => {
  posted = launchInTelegram('8.0');
});

describe('ExportButton in Telegram 8.0', () => {
  it('asks Telegram to download the CSV from its signed link, as the GPX track is downloaded', async () => {
    const api = stubApi({
      'POST /api/exports/link': () =>
        jsonResponse({
          url: '/api/exports/file?token=abc.def',
          fileName: 'sverka_01.07.2026-17.07.2026.csv',
        }),
    });
    renderWithProviders(<ExportButton request={REQUEST} />, { user: partnerUser });

    fireEvent.click(screen.getByRole('button', { name: 'ВЫГРУЗИТЬ CSV' }));

    expect(await screen.findByText('Файл CSV скачивается')).toBeInTheDocument();
    await waitFor(() =>
      expect(posted).toContainEqual({
        type: 'web_app_request_file_download',
        data: {
          url: `${window.location.origin}/api/exports/file?token=abc.def`,
          file_name: 'sverka_01.07.2026-17.07.2026.csv',
        },
      }),
    );
    expect(api.callsTo('POST /api/exports/send')).toHaveLength(0);
  });
});
