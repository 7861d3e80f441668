import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TPublicOfferResponse } from '#contract/public-offer';
import { stubApi } from '@/test/fake-api';
import { jsonResponse, renderWithProviders } from '@/test/render';
import { OfferLink } from '../components/offer-link';

const offer: TPublicOfferResponse = {
  operator: {
    name: 'ИП Иванов Иван Иванович',
    inn: '771234567890',
    ogrn: '312774600000012',
    address: 'г. Москва, ул. Речная, д. 1',
    email: 'offer@rafting.example',
    phone: null,
  },
  siteUrl: 'https://rafting.example',
};

async function openPopup() {
  stubApi({ 'GET /api/offer': () => jsonResponse(offer) });
  const user = userEvent.setup();
  renderWithProviders(<OfferLink />);
  const link = screen.getByRole('link', { name: 'Публичная оферта' });
  expect(link).toHaveAttribute('href', '/offer');
  await user.click(link);
  return { user, dialog: await screen.findByRole('dialog', { name: 'Публичная оферта' }) };
}

describe('the public offer popup', () => {
  it('shows the whole offer with the configured seller', async () => {
    const { dialog } = await openPopup();
    await screen.findByText(/ИП Иванов Иван Иванович \(ИНН 771234567890, ОГРНИП 312774600000012\)/);
    for (const term of [
      /не более 15% от стоимости услуги/,
      /только участник чата сообщества/,
      /ни один Партнер не принял его QR-код/,
      /скриншоты/,
      /в течение 10 \(десяти\) рабочих дней со дня, когда подтвердил/,
      /в течение 20 \(двадцати\) дней/,
      /через 3 \(три\) дня после публикации/,
      /банковской картой через платежного агрегатора/,
      /https:\/\/rafting\.example/,
    ]) {
      expect(dialog).toHaveTextContent(term);
    }
    expect(dialog).toHaveTextContent('Электронная почта: offer@rafting.example');
    expect(dialog).not.toHaveTextContent('Телефон:');
  });

  it('closes with «Закрыть»', async () => {
    const { user } = await openPopup();
    await user.click(screen.getByRole('button', { name: 'Закрыть' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes on a click outside it, not on a click inside', async () => {
    const { user, dialog } = await openPopup();
    await user.click(await screen.findByText(/1\.1\./));
    expect(dialog).toBeInTheDocument();
    const backdrop = document.querySelector('.offer-popup__backdrop');
    if (!(backdrop instanceof HTMLElement)) throw new Error('no backdrop');
    await user.click(backdrop);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes with Escape and gives the focus back to the link', async () => {
    const { user } = await openPopup();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Публичная оферта' })).toHaveFocus();
  });

  it('says so when the seller details cannot be loaded', async () => {
    stubApi({ 'GET /api/offer': () => jsonResponse({ error: 'internal', message: 'Ошибка' }, 500) });
    const user = userEvent.setup();
    renderWithProviders(<OfferLink>условия оферты</OfferLink>);
    await user.click(screen.getByRole('link', { name: 'условия оферты' }));
    expect(await screen.findByText(/Реквизиты продавца не загрузились/)).toBeInTheDocument();
  });
});
