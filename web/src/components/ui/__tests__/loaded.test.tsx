import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { Loaded, type LoadedQuery } from '../loaded';

const query = (state: Partial<LoadedQuery<string[]>> = {}): LoadedQuery<string[]> => ({
  data: undefined,
  isError: false,
  error: null,
  refetch: vi.fn(),
  ...state,
});

function Names(props: Partial<Parameters<typeof Loaded<string[]>>[0]> & { query: LoadedQuery<string[]> }) {
  return (
    <Loaded className="names__state" empty="ПАРТНЕРОВ ПОКА НЕТ" {...props}>
      {(names) => (
        <ul>
          {names.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      )}
    </Loaded>
  );
}

describe('what a screen shows of what it asked for', () => {
  it('says it is loading with a spinner in the screen’s state line while the answer is on its way', () => {
    const { container } = render(<Names query={query()} />);
    expect(screen.getByRole('status')).toHaveTextContent('Загрузка…');
    expect(container.querySelector('p.names__state')).toContainElement(screen.getByRole('status'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the spinner alone without a state line, and nothing while nothing is asked', () => {
    const { container, rerender } = render(<Names query={query()} className={undefined} />);
    expect(container.firstElementChild).toBe(screen.getByRole('status'));

    rerender(<Names query={query()} idle />);
    expect(container).toBeEmptyDOMElement();
  });

  it('tells a failure in an alert, the server’s words or the fallback, and asks again on «retry»', () => {
    const failing = query({ isError: true, error: new ApiError(403, 'forbidden', 'Только для админов.') });
    const { rerender } = render(<Names query={failing} retry="Повторить" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Только для админов.');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(failing.refetch).toHaveBeenCalledTimes(1);

    rerender(<Names query={query({ isError: true, error: new TypeError('fetch') })} failed="Загрузка…" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Загрузка…');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('says the screen’s own words for any failure when it has them for every one', () => {
    const failing = query({ isError: true, error: new ApiError(500, 'internal', 'Ошибка') });
    render(<Names query={failing} failedAlways="Реквизиты не загрузились." />);
    expect(screen.getByRole('alert')).toHaveTextContent(/^Реквизиты не загрузились\.$/);
  });

  it('tells the failure of a read that asks again by itself as a spinner, not an alert', () => {
    render(
      <Names
        query={query({ isError: true, error: new TypeError('fetch') })}
        connecting="Соединяемся с сервером, скоро коннект"
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Соединяемся с сервером, скоро коннект');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the answer is empty in its own words and class', () => {
    const { container } = render(
      <Names query={query({ data: [] })} empty="КУПОНОВ ПОКА НЕТ" emptyClassName="names__empty" />,
    );
    expect(container.querySelector('p.names__empty')).toHaveTextContent('КУПОНОВ ПОКА НЕТ');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('shows the content once there is something to show', () => {
    render(<Names query={query({ data: ['Порог', 'Ёлка'] })} />);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Порог', 'Ёлка']);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByText('ПАРТНЕРОВ ПОКА НЕТ')).not.toBeInTheDocument();
  });
});
