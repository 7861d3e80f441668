import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { launch } from '@/messenger/launch';
import { stubApi } from '@/test/fake-api';
import { launchInMax } from '@/test/max-launch';
import { plainUser, renderWithProviders } from '@/test/render';
import { GiftPage } from '../gift-page';

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.WebApp;
  window.history.replaceState(null, '', '/');
});

// A page's life of its own: a MAX launch decides the messenger for good.
describe('GiftPage in MAX', () => {
  it('tells a user without a username how to set a nickname in MAX, and offers no gift', async () => {
    vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener: () => {} }));
    launchInMax({ id: 9, username: null });
    await launch();
    stubApi({});
    renderWithProviders(<GiftPage />, {
      route: '/gift-to-friend?couponId=3f0c8a52-9a1e-4c55-8f7e-2b1d6c9e0a11',
      user: { ...plainUser, username: null },
    });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Чтобы подарить купон, задайте никнейм в настройках профиля MAX и откройте приложение заново.',
    );
    fireEvent.change(screen.getByLabelText('Юзернейм друга в MAX'), { target: { value: 'friend_olga' } });
    expect(screen.getByRole('button', { name: 'Подарить QR' })).toBeDisabled();
  });
});
