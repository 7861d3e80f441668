import { screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeRoute, stubApi } from '@/test/fake-api';
import { adminUser, jsonResponse, partnerUser, renderWithProviders } from '@/test/render';
import { AddPartnerPage } from '../add-partner-page';

const ADD = 'POST /api/partner/add';

/** A route that keeps the bodies it was sent. */
function recording(answer: () => Response) {
  const bodies: unknown[] = [];
  const route: FakeRoute = (init) => {
    bodies.push(JSON.parse(String(init.body)));
    return answer();
  };
  return { route, bodies };
}

const duplicate = () =>
  jsonResponse(
    { error: 'partner_exists', message: 'Партнер «Рафт-база «Север»» уже есть в регионе «Карелия»' },
    409,
  );
const submitButton = () => screen.getByRole('button', { name: 'ДОБАВИТЬ ПАРТНЕРА' });

async function fillRequired(user: UserEvent, overrides: { email?: string } = {}) {
  await user.type(screen.getByLabelText('Регион'), '  Карелия ');
  await user.type(screen.getByLabelText('Название компании'), 'Рафт-база «Север»');
  await user.selectOptions(screen.getByLabelText('Тип партнера'), 'ТУРЫ');
  await user.type(screen.getByLabelText('Телефон'), '9111234567');
  await user.type(screen.getByLabelText('Адрес'), 'Кемь, ул. Речная, 2');
  await user.type(screen.getByLabelText('Email'), overrides.email ?? 'sever@example.ru');
  await user.type(screen.getByLabelText('Юзернейм партнера в Telegram'), '@sever_raft');
}

describe('AddPartnerPage', () => {
  it('tells anyone but an admin that only admins add partners, with no form to fail', () => {
    stubApi({});
    renderWithProviders(<AddPartnerPage />, { user: partnerUser });
    expect(screen.getByText('Добавлять партнеров могут только администраторы')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'ДОБАВИТЬ ПАРТНЕРА' })).not.toBeInTheDocument();
  });

  it('lists every input of the partner form under its heading', () => {
    stubApi({});
    renderWithProviders(<AddPartnerPage />, { user: adminUser });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Добавление партнера');
    const types = screen.getAllByRole('option').map((option) => option.textContent);
    expect(types).toEqual(['Выберите тип', 'ШКОЛА', 'ПРОКАТ', 'МАГАЗИН', 'ТУРЫ', 'ПРОИЗВОДСТВО', 'КЛУБ']);
    expect(screen.getByLabelText('Телефон')).toHaveAttribute('placeholder', '+7 (000) 000-00-00');
    expect(screen.getByLabelText('Условие скидки 1')).toBeInTheDocument();
  });

  it('sends nothing until every required field is filled', async () => {
    const user = userEvent.setup();
    const api = stubApi({});
    renderWithProviders(<AddPartnerPage />, { user: adminUser });

    expect(submitButton()).toBeDisabled();
    await fillRequired(user);
    await user.clear(screen.getByLabelText('Адрес'));
    await user.type(screen.getByLabelText('Адрес'), '   ');
    expect(submitButton()).toBeDisabled();
    await user.click(submitButton());

    await user.clear(screen.getByLabelText('Телефон'));
    await user.type(screen.getByLabelText('Телефон'), '911123456');
    await user.type(screen.getByLabelText('Адрес'), 'Кемь');
    expect(submitButton()).toBeDisabled();

    await user.type(screen.getByLabelText('Телефон'), '7');
    expect(submitButton()).toBeEnabled();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('says each field’s own trouble under it: a limit before sending, an empty field once left', async () => {
    const user = userEvent.setup();
    const api = stubApi({});
    renderWithProviders(<AddPartnerPage />, { user: adminUser });
    const name = screen.getByLabelText('Название компании');
    expect(name).toHaveAccessibleDescription('До 120 символов');

    await fillRequired(user);
    await user.click(name);
    await user.paste('а'.repeat(110));
    expect(name).toHaveAccessibleDescription('До 120 символов Поле «Название компании» длиннее 120 символов');
    expect(name).toBeInvalid();
    await user.click(submitButton());

    await user.clear(screen.getByLabelText('Регион'));
    await user.tab();
    expect(screen.getByLabelText('Регион')).toHaveAccessibleDescription(
      'До 100 символов Заполните поле «Регион»',
    );
    await user.clear(screen.getByLabelText('Юзернейм партнера в Telegram'));
    await user.type(screen.getByLabelText('Юзернейм партнера в Telegram'), 'север_raft');
    await user.tab();
    expect(screen.getByLabelText('Юзернейм партнера в Telegram')).toHaveAccessibleDescription(
      /В имени русские буквы «с», «е», «в», «р»/,
    );
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('says at once that a name or a region may carry no HTML tags, sending nothing', async () => {
    const user = userEvent.setup();
    const api = stubApi({});
    renderWithProviders(<AddPartnerPage />, { user: adminUser });
    await fillRequired(user);
    const name = screen.getByLabelText('Название компании');
    await user.clear(name);
    await user.click(name);
    await user.paste('<b>Порог</b>');
    expect(name).toHaveAccessibleDescription(
      'До 120 символов В поле «Название компании» не должно быть HTML-тегов вроде <b> или <a href>',
    );
    expect(name).toBeInvalid();
    const region = screen.getByLabelText('Регион');
    await user.click(region);
    await user.paste('<i>');
    expect(region).toHaveAccessibleDescription(
      'До 100 символов В поле «Регион» не должно быть HTML-тегов вроде <b> или <a href>',
    );
    await user.click(submitButton());
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a phone’s extension with the reason, keeping the number', async () => {
    const user = userEvent.setup();
    stubApi({});
    renderWithProviders(<AddPartnerPage />, { user: adminUser });
    const phone = screen.getByLabelText('Телефон');
    await user.click(phone);
    await user.paste('+7 (921) 555-00-11 доб. 5');

    expect(phone).toHaveValue('+7 (921) 555-00-11');
    expect(phone).toHaveAccessibleDescription(
      '«доб. 5» не сохранено: телефон — 11 цифр, без добавочного номера',
    );
  });

  it('shows a bad email under the field and does not send the form', async () => {
    const user = userEvent.setup();
    const api = stubApi({});
    renderWithProviders(<AddPartnerPage />, { user: adminUser });
    await fillRequired(user, { email: 'sever@example' });

    await user.click(submitButton());

    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Неправильный формат email');
    expect(api.callsTo(ADD)).toHaveLength(0);

    await user.type(screen.getByLabelText('Email'), '.ru');
    expect(screen.queryByText('Неправильный формат email')).not.toBeInTheDocument();
  });

  it('sends the trimmed payload with the phone as digits and the conditions as a list, then clears', async () => {
    const user = userEvent.setup();
    const add = recording(() =>
      jsonResponse({
        id: 7,
        region: 'Карелия',
        companyName: 'Рафт-база «Север»',
        partnerType: 'ТУРЫ',
        phoneNumber: '79111234567',
        address: 'Кемь, ул. Речная, 2',
        email: 'sever@example.ru',
        spokesmanNickname: 'sever_raft',
        inn: null,
        discountConditions: ['Сплав от 3 дней', 'Не в выходные'],
      }),
    );
    stubApi({ [ADD]: add.route });
    renderWithProviders(<AddPartnerPage />, { user: adminUser });
    await fillRequired(user);
    await user.type(screen.getByLabelText('Условие скидки 1'), ' Сплав от 3 дней ');
    await user.click(screen.getByRole('button', { name: '+ добавить условие скидки' }));
    await user.click(screen.getByRole('button', { name: '+ добавить условие скидки' }));
    await user.type(screen.getByLabelText('Условие скидки 3'), 'Не в выходные');

    await user.click(submitButton());

    expect(await screen.findByText('Успешно добавлен')).toBeInTheDocument();
    expect(add.bodies).toEqual([
      {
        region: 'Карелия',
        companyName: 'Рафт-база «Север»',
        partnerType: 'ТУРЫ',
        phoneNumber: '79111234567',
        address: 'Кемь, ул. Речная, 2',
        email: 'sever@example.ru',
        spokesmanNickname: 'sever_raft',
        discountConditions: ['Сплав от 3 дней', 'Не в выходные'],
      },
    ]);
    expect(screen.getByLabelText('Регион')).toHaveValue('');
    expect(screen.getByLabelText('Телефон')).toHaveValue('');
    expect(screen.getByLabelText('Тип партнера')).toHaveValue('');
    expect(screen.queryByLabelText('Условие скидки 2')).not.toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
  });

  it('says the partner was not added, with the server’s reason', async () => {
    const user = userEvent.setup();
    stubApi({ [ADD]: duplicate });
    renderWithProviders(<AddPartnerPage />, { user: adminUser });
    await fillRequired(user);

    await user.click(submitButton());

    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('Не удалось добавить');
    expect(failure).toHaveTextContent('уже есть в регионе «Карелия»');
    expect(screen.getByLabelText('Регион')).toHaveValue('  Карелия ');
  });
});
