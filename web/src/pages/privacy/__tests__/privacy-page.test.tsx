import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TPrivacyInfo } from '#contract/privacy';
import { stubApi } from '@/test/fake-api';
import { jsonResponse, plainUser, renderWithProviders } from '@/test/render';
import { ScreenAt } from '@/test/screens';
import { PrivacyPage } from '../privacy-page';

const info: TPrivacyInfo = {
  edition: '2026-11-23',
  operator: {
    name: 'ИП Иванов Иван Иванович',
    inn: '771234567890',
    ogrn: '312774600000012',
    address: 'г. Москва, ул. Речная, д. 1',
    email: 'privacy@rafting.example',
    phone: '+7 (921) 555-00-11',
  },
  geoRetentionDays: 21,
};

function renderPrivacy(answer: () => Response | Promise<Response> = () => jsonResponse(info)) {
  stubApi({ 'GET /api/privacy': answer });
  renderWithProviders(
    <ScreenAt screens={{ '/privacy': <PrivacyPage />, '/my-data': <p>экран «Мои данные»</p> }} />,
    { route: '/privacy', user: plainUser },
  );
}

describe('PrivacyPage', () => {
  it('names the operator and says what is kept, why, how long, and the user’s rights', async () => {
    renderPrivacy();

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('ПОЛИТИКА КОНФИДЕНЦИАЛЬНОСТИ');
    await screen.findByText('Редакция от 23.11.2026');
    expect(
      screen.getByText(
        /ИП Иванов Иван Иванович \(ИНН 771234567890, ОГРНИП 312774600000012\), адрес: г\. Москва/,
      ),
    ).toBeInTheDocument();
    for (const term of [
      /идентификатор пользователя, имя пользователя \(username\), имя и фамилия/,
      /Адрес электронной почты — если вы указали его для кассового чека/,
      /оплаченные купоны, платежи, возвраты/,
      /Погашения купонов/,
      /Геоточки .* только у администраторов/,
      /отправить кассовый чек/,
      /Геоточки — 21 день, затем они удаляются автоматически/,
      /Попытки погашения купонов — один год/,
      /законодательство о бухгалтерском учете/,
      /Получить копию своих данных/,
      /Удалить свои данные/,
      /Отозвать согласие: напишите Оператору на privacy@rafting\.example/,
      /privacy@rafting\.example или по телефону \+7 \(921\) 555-00-11/,
    ]) {
      expect(screen.getByText(term)).toBeInTheDocument();
    }
  });

  it('leads to «Мои данные»', async () => {
    const user = userEvent.setup();
    renderPrivacy();
    expect(screen.getByRole('link', { name: '«Мои данные»' })).toHaveAttribute('href', '/my-data');

    await user.click(screen.getByRole('button', { name: 'МОИ ДАННЫЕ' }));
    expect(await screen.findByText('экран «Мои данные»')).toBeInTheDocument();
  });

  it('says when the operator’s details did not load', async () => {
    renderPrivacy(() => jsonResponse({ error: 'internal', message: 'Ошибка' }, 500));
    expect(await screen.findByRole('alert')).toHaveTextContent('Сведения об операторе не загрузились');
  });
});
