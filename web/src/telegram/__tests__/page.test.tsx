import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Page } from '../page';

const backButton = vi.hoisted(() => ({
  show: vi.fn(),
  hide: vi.fn(),
  listeners: [] as (() => void)[],
  off: vi.fn(),
}));

vi.mock('@telegram-apps/sdk-react', () => ({
  backButton: {
    show: { ifAvailable: backButton.show },
    hide: { ifAvailable: backButton.hide },
    onClick: {
      ifAvailable: (listener: () => void) => {
        backButton.listeners.push(listener);
        return [true, backButton.off];
      },
    },
  },
}));

function renderAt(entries: string[]) {
  render(
    <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
      <Routes>
        <Route
          path="/"
          element={
            <Page back={false}>
              <p>Главная</p>
            </Page>
          }
        />
        <Route
          path="/discounts"
          element={
            <Page>
              <p>Скидки</p>
            </Page>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

describe('<Page>', () => {
  beforeEach(() => {
    backButton.listeners.length = 0;
    for (const mock of [backButton.show, backButton.hide, backButton.off]) mock.mockClear();
  });

  it('shows Telegram’s BackButton and goes back when it is pressed', () => {
    renderAt(['/', '/discounts']);
    expect(backButton.show).toHaveBeenCalled();
    expect(backButton.listeners).toHaveLength(1);

    act(() => backButton.listeners[0]?.());

    expect(screen.getByText('Главная')).toBeInTheDocument();
    expect(backButton.off).toHaveBeenCalled();
    expect(backButton.hide).toHaveBeenCalled();
  });

  it('hides the BackButton on Home', () => {
    renderAt(['/']);
    expect(backButton.hide).toHaveBeenCalled();
    expect(backButton.show).not.toHaveBeenCalled();
    expect(backButton.listeners).toHaveLength(0);
  });
});
