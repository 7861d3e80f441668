import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from '@/lib/router/router';
import { ScreenAt } from '@/test/screens';
import { emitEvent, launchInTelegram, type PostedEvent } from '@/test/telegram-launch';
import { Page } from '../page';

let posted: PostedEvent[];

/** What Telegram was last told about its BackButton: shown or not. */
const backButtonShown = () =>
  (posted.filter(({ type }) => type === 'web_app_setup_back_button').at(-1)?.data as { is_visible: boolean })
    ?.is_visible;

function renderAt(entries: string[]) {
  render(
    <MemoryRouter entries={entries}>
      <ScreenAt
        screens={{
          '/': (
            <Page back={false}>
              <p>Главная</p>
            </Page>
          ),
          '/discounts': (
            <Page>
              <p>Скидки</p>
            </Page>
          ),
        }}
      />
    </MemoryRouter>,
  );
}

describe('<Page>', () => {
  beforeEach(() => {
    posted = launchInTelegram('8.0');
  });

  it('shows Telegram’s BackButton and goes back when it is pressed', () => {
    renderAt(['/', '/discounts']);
    expect(backButtonShown()).toBe(true);
    expect(screen.getByText('Скидки')).toBeInTheDocument();

    act(() => emitEvent('back_button_pressed'));

    expect(screen.getByText('Главная')).toBeInTheDocument();
    expect(backButtonShown()).toBe(false);
    // Home no longer listens: another press goes nowhere.
    act(() => emitEvent('back_button_pressed'));
    expect(screen.getByText('Главная')).toBeInTheDocument();
  });

  it('hides the BackButton on Home', () => {
    renderAt(['/']);
    expect(backButtonShown()).toBe(false);
  });
});
