import { act, render, screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setClientIsStandIn } from '@/telegram/protocol';
import { emitEvent, launchInTelegram, type PostedEvent } from '@/test/telegram-launch';
import { type BottomButtonAction, useMainButton, useSecondaryButton } from '../use-main-button';

let posted: PostedEvent[];

beforeAll(() => {
  posted = launchInTelegram('8.0');
});

beforeEach(() => {
  posted.length = 0;
});

type ButtonState = {
  text: string;
  is_visible: boolean;
  is_active: boolean;
  is_progress_visible: boolean;
};

/** What Telegram was last told to draw for a button. */
const lastSetup = (type: string) =>
  posted.filter((event) => event.type === type).at(-1)?.data as ButtonState | undefined;
const mainSetup = () => lastSetup('web_app_setup_main_button');

/** A screen with one action: Telegram's button inside Telegram, its own button elsewhere. */
function Screen({ action }: { action: BottomButtonAction | undefined }) {
  const onTelegram = useMainButton(action);
  return onTelegram ? null : <button type="button">{action?.text ?? 'нет действия'}</button>;
}

/** The buy screen of a buyer not in the chat: pay, and go to the chat. */
function TwoActions({ onSecond }: { onSecond: () => void }) {
  useMainButton({ text: 'ОПЛАТИТЬ И СГЕНЕРИРОВАТЬ QR', onClick: () => {} });
  useSecondaryButton({ text: 'Перейти в сплавной чат', onClick: onSecond });
  return null;
}

describe('useMainButton inside Telegram', () => {
  it('shows the action on Telegram’s main button instead of the page’s, and acts on its press', () => {
    const onClick = vi.fn();
    render(<Screen action={{ text: 'Подарить QR', onClick }} />);

    expect(mainSetup()).toMatchObject({
      text: 'Подарить QR',
      is_visible: true,
      is_active: true,
      is_progress_visible: false,
    });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();

    act(() => emitEvent('main_button_pressed'));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('shows Telegram’s spinner while the request runs and ignores presses meanwhile, then acts again', () => {
    const onClick = vi.fn();
    const { rerender } = render(<Screen action={{ text: 'Погасить QR', onClick, loading: true }} />);
    expect(mainSetup()).toMatchObject({ is_progress_visible: true, is_active: false });
    act(() => emitEvent('main_button_pressed'));
    expect(onClick).not.toHaveBeenCalled();

    rerender(<Screen action={{ text: 'Погасить QR', onClick }} />);
    expect(mainSetup()).toMatchObject({ is_progress_visible: false, is_active: true });
    act(() => emitEvent('main_button_pressed'));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('greys the button out and ignores presses while the form is not filled in', () => {
    const onClick = vi.fn();
    render(<Screen action={{ text: 'ДОБАВИТЬ КУПОН', onClick, enabled: false }} />);
    expect(mainSetup()).toMatchObject({ text: 'ДОБАВИТЬ КУПОН', is_visible: true, is_active: false });
    act(() => emitEvent('main_button_pressed'));
    expect(onClick).not.toHaveBeenCalled();
  });

  it('hides the button when its screen goes, and a press then reaches nobody', () => {
    const onClick = vi.fn();
    const { unmount } = render(<Screen action={{ text: 'Подарить QR', onClick }} />);
    unmount();
    expect(mainSetup()).toMatchObject({ is_visible: false });
    act(() => emitEvent('main_button_pressed'));
    expect(onClick).not.toHaveBeenCalled();
  });

  it('hides it when the screen has no action now, and shows the next one', () => {
    const { rerender } = render(<Screen action={{ text: 'Подарить QR', onClick: vi.fn() }} />);
    rerender(<Screen action={undefined} />);
    expect(mainSetup()).toMatchObject({ is_visible: false });
    rerender(<Screen action={{ text: 'Отправить другу', onClick: vi.fn() }} />);
    expect(mainSetup()).toMatchObject({ text: 'Отправить другу', is_visible: true });
  });

  it('a screen that leaves after the next one took the button does not hide it', () => {
    const leaving = vi.fn();
    const arriving = vi.fn();
    const first = render(<Screen action={{ text: 'Погасить QR', onClick: leaving }} />);
    render(<Screen action={{ text: 'ДОБАВИТЬ ПАРТНЕРА', onClick: arriving }} />);

    first.unmount();

    expect(mainSetup()).toMatchObject({ text: 'ДОБАВИТЬ ПАРТНЕРА', is_visible: true });
    act(() => emitEvent('main_button_pressed'));
    expect(arriving).toHaveBeenCalledTimes(1);
    expect(leaving).not.toHaveBeenCalled();
  });

  it('puts a second action on the secondary button', () => {
    const onClick = vi.fn();
    render(<TwoActions onSecond={onClick} />);
    expect(lastSetup('web_app_setup_secondary_button')).toMatchObject({
      text: 'Перейти в сплавной чат',
      is_visible: true,
    });
    act(() => emitEvent('secondary_button_pressed'));
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});

describe('useMainButton in the local stand-in', () => {
  it('keeps the page’s own button and leaves Telegram’s alone', () => {
    setClientIsStandIn(true);
    render(<Screen action={{ text: 'Подарить QR', onClick: vi.fn() }} />);
    expect(screen.getByRole('button', { name: 'Подарить QR' })).toBeInTheDocument();
    expect(mainSetup()).toBeUndefined();
  });
});
