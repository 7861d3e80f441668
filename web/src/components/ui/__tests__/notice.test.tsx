import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InView } from '../in-view';
import { Notice } from '../notice';

describe('a result shown after a tap', () => {
  const scrollIntoView = vi.fn();
  // jsdom lays nothing out and has no scrollIntoView of its own.
  beforeEach(() => {
    Element.prototype.scrollIntoView = scrollIntoView;
  });
  afterEach(() => {
    scrollIntoView.mockReset();
    Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
  });

  it('is scrolled smoothly into view when it appears, and again when it says something else', () => {
    const { rerender } = render(<Notice tone="error">Купон не отправлен</Notice>);
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(screen.getByRole('alert'));
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'nearest' });

    rerender(<Notice tone="error">Купон не отправлен</Notice>);
    expect(scrollIntoView).toHaveBeenCalledTimes(1);

    rerender(<Notice tone="success">Купон отправлен</Notice>);
    expect(scrollIntoView).toHaveBeenCalledTimes(2);
  });

  it('is brought back while the layout around it settles, until the person scrolls themselves', () => {
    // jsdom has no ResizeObserver: one whose reports the test makes, as a browser's layout would.
    const observers: Array<() => void> = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(report: () => void) {
          observers.push(report);
        }
        observe() {}
        disconnect() {
          observers.length = 0;
        }
      },
    );
    let height = 40;
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(() => height);
    render(<Notice tone="error">Попробуйте снова провести оплату</Notice>);
    const report = () => {
      for (const observer of [...observers]) observer();
    };
    report();
    expect(scrollIntoView).toHaveBeenCalledTimes(1);

    height = 120;
    report();
    expect(scrollIntoView).toHaveBeenCalledTimes(2);

    fireEvent.touchStart(window);
    height = 200;
    report();
    expect(scrollIntoView).toHaveBeenCalledTimes(2);
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('brings a confirm step into view when it appears', () => {
    render(
      <InView className="confirm">
        <p>Отменить погашение?</p>
      </InView>,
    );
    expect(scrollIntoView.mock.contexts[0]).toBe(screen.getByText('Отменить погашение?').parentElement);
  });
});
