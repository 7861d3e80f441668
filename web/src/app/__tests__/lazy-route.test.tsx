import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { type LazyScreen, lazyScreen, Screen } from '../lazy-route';

function Coupons() {
  return <h1>СКИДКИ</h1>;
}

const couponsScreen = () =>
  lazyScreen(
    () => Promise.resolve({ Coupons }),
    (module) => module.Coupons,
  );

function Framed({ screen }: { screen: LazyScreen }) {
  return (
    <Suspense fallback={<p>Загрузка…</p>}>
      <Screen screen={screen} />
    </Suspense>
  );
}

describe('lazyScreen', () => {
  it('draws a screen whose chunk has come in the first render, with no fallback', async () => {
    const loaded = couponsScreen();
    await loaded.load();
    render(<Framed screen={loaded} />);
    expect(screen.getByRole('heading')).toHaveTextContent('СКИДКИ');
    expect(screen.queryByText('Загрузка…')).not.toBeInTheDocument();
  });

  it('shows the fallback while the chunk is on its way, then the screen', async () => {
    render(<Framed screen={couponsScreen()} />);
    expect(screen.getByText('Загрузка…')).toBeInTheDocument();
    expect(await screen.findByRole('heading')).toHaveTextContent('СКИДКИ');
  });
});
