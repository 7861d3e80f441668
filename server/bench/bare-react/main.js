// React and nothing else drawing a Home of the app's first buttons: the yardstick of Lighthouse's
// figures (server/bench/bare-react.ts). Plain createElement: no JSX, no build step of its own.
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';

const LABELS = ['СКИДКИ ПАРТНЕРОВ', 'ОБМЕН ФОТО', 'КАЛЕНДАРЬ ВЫЕЗДОВ НА ВОДУ'];

function Home() {
  return createElement(
    'main',
    null,
    createElement('h1', null, 'КАТАЙСЯ С НАМИ'),
    ...LABELS.map((label) => createElement('button', { key: label, type: 'button' }, label)),
  );
}

const root = document.getElementById('root');
if (root) createRoot(root).render(createElement(Home));
