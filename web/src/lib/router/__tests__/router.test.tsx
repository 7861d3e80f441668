import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { type ComponentType, lazy, Suspense, useLayoutEffect } from 'react';
import { describe, expect, it, onTestFinished } from 'vitest';
import { browserHistory, memoryHistory } from '../history';
import { Link } from '../link';
import {
  BrowserRouter,
  MemoryRouter,
  Router,
  useLocation,
  useNavigate,
  useNavigationType,
  useSearchParams,
} from '../router';

/** Where the app stands: «how it came there, its place in history, its address». */
function Place() {
  const { index, pathname, search, hash } = useLocation();
  return <p data-testid="place">{`${useNavigationType()} ${index} ${pathname}${search}${hash}`}</p>;
}

const place = () => screen.getByTestId('place').textContent;

function Controls() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  return (
    <>
      <button type="button" onClick={() => navigate('/photo')}>
        фото
      </button>
      <button type="button" onClick={() => navigate('/calendar?month=7', { replace: true })}>
        вместо
      </button>
      <button type="button" onClick={() => navigate(-1)}>
        назад
      </button>
      <button
        type="button"
        onClick={() =>
          setParams(
            (current) => {
              current.set('page', String(Number(params.get('page') ?? 0) + 1));
              return current;
            },
            { replace: true },
          )
        }
      >
        дальше
      </button>
      <Link to="/offer">оферта</Link>
    </>
  );
}

/** Moves in a layout effect, which runs before the router's own. */
function MovesAtOnce() {
  const navigate = useNavigate();
  useLayoutEffect(() => navigate('/my-coupons'), [navigate]);
  return null;
}

/** The offer's screen comes when the test lets it (`arrive`). */
let arrive: (module: { default: ComponentType }) => void = () => {};
const Offer = lazy(() => new Promise<{ default: ComponentType }>((resolve) => (arrive = resolve)));

function Screens() {
  return useLocation().pathname === '/offer' ? <Offer /> : <p>Главная</p>;
}

const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

describe('the app’s router', () => {
  it('adds, replaces and steps back through entries, telling how it came to each', () => {
    render(
      <MemoryRouter entries={['/', '/discounts']}>
        <Place />
        <Controls />
      </MemoryRouter>,
    );
    expect(place()).toBe('POP 1 /discounts');

    press('фото');
    expect(place()).toBe('PUSH 2 /photo');
    press('вместо');
    expect(place()).toBe('REPLACE 2 /calendar?month=7');
    press('назад');
    expect(place()).toBe('POP 1 /discounts');
    press('назад');
    press('назад');
    expect(place()).toBe('POP 0 /');
  });

  it('changes the query of the screen it stands on', () => {
    render(
      <MemoryRouter entries={['/purchases?sort=date#top']}>
        <Place />
        <Controls />
      </MemoryRouter>,
    );
    press('дальше');
    expect(place()).toBe('REPLACE 0 /purchases?sort=date&page=1#top');
    press('дальше');
    expect(place()).toBe('REPLACE 0 /purchases?sort=date&page=2#top');
  });

  it('follows a link without leaving the page, and leaves a modified click to the browser', () => {
    render(
      <MemoryRouter>
        <Place />
        <Controls />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'оферта' });
    expect(link).toHaveAttribute('href', '/offer');
    // Whether the browser was left to follow the link (jsdom cannot; the page stays).
    let leftToBrowser: boolean | undefined;
    const keepPage = (event: Event) => {
      leftToBrowser = !event.defaultPrevented;
      event.preventDefault();
    };
    window.addEventListener('click', keepPage);
    onTestFinished(() => window.removeEventListener('click', keepPage));

    // A click with Ctrl opens a new tab: the app does not move.
    fireEvent.click(link, { ctrlKey: true });
    expect(leftToBrowser).toBe(true);
    expect(place()).toBe('POP 0 /');

    fireEvent.click(link);
    expect(leftToBrowser).toBe(false);
    expect(place()).toBe('PUSH 1 /offer');
    // A link to where the app already is does not add an entry.
    fireEvent.click(link);
    expect(place()).toBe('REPLACE 1 /offer');
  });

  it('sees a move made before it listened', () => {
    const history = memoryHistory(['/']);
    render(
      <Router history={history}>
        <MovesAtOnce />
        <Place />
      </Router>,
    );
    expect(place()).toBe('PUSH 1 /my-coupons');
  });

  it('keeps the screen it leaves until the next one has come', async () => {
    render(
      <MemoryRouter>
        <Suspense fallback={<p>Загрузка…</p>}>
          <Screens />
        </Suspense>
        <Controls />
      </MemoryRouter>,
    );

    fireEvent.click(screen.getByRole('link', { name: 'оферта' }));
    expect(screen.getByText('Главная')).toBeInTheDocument();
    expect(screen.queryByText('Загрузка…')).not.toBeInTheDocument();

    await act(async () => arrive({ default: () => <p>Публичная оферта</p> }));
    expect(screen.getByText('Публичная оферта')).toBeInTheDocument();
    expect(screen.queryByText('Главная')).not.toBeInTheDocument();
  });
});

describe('the browser’s history', () => {
  it('keeps each entry’s place in history.state, so a step back and a reload know it', async () => {
    window.history.replaceState(null, '', '/');
    render(
      <BrowserRouter>
        <Place />
        <Controls />
      </BrowserRouter>,
    );
    expect(place()).toBe('POP 0 /');

    press('фото');
    expect(window.location.pathname).toBe('/photo');
    expect(place()).toBe('PUSH 1 /photo');
    expect(window.history.state).toMatchObject({ index: 1 });

    act(() => window.history.back());
    await waitFor(() => expect(place()).toBe('POP 0 /'));
    expect(browserHistory().visit().location.index).toBe(0);
  });
});
