import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { AppProvider } from './app/provider';
import { loadFirstScreen } from './app/routes';
import { authoriseRequestsWith } from './lib/api';
import { applyColorScheme, systemColorScheme, withReadableColorsAfter } from './lib/color-scheme';
import { installOfflineShell } from './lib/offline-shell';
import { tellQueryNewsInOneTask } from './lib/query-notices';
import { launch } from './messenger/launch';
import { launchInitData } from './messenger/launch-params';
import './app/styles/global.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

authoriseRequestsWith(launchInitData);
tellQueryNewsInOneTask();
const { result: launchState, readableColors } = withReadableColorsAfter(launch);
// A messenger's start applies its palette as it starts talking to it (telegram/theme.ts; one with no
// palette of its own, MAX, the system's); outside any, or after a failed start, the palette follows the system until one is known. Once, not
// twice: deriving a palette's readable colours is part of the first screen's work.
if (launchState !== 'started') applyColorScheme(systemColorScheme());

// The first render in a transition: React draws the app in slices and gives the phone back between
// them, where one render of every provider, the router and the screen was the start's longest task
// (docs/performance.md, «Lighthouse as a phone»).
const render = () =>
  startTransition(() =>
    createRoot(rootElement).render(
      <StrictMode>
        <AppProvider>
          <App launchState={launchState} />
        </AppProvider>
      </StrictMode>,
    ),
  );

// Outside a messenger the stand-in's user picker comes first, whatever the path.
if (launchState === 'started')
  void Promise.all([loadFirstScreen(window.location.pathname), readableColors]).then(render);
else render();

// The shell kept on the phone (offline-shell/sw.js) opens the app with no signal, where the webview has
// service workers (Telegram's iOS one has none). Not in development: Vite serves modules as they change.
if (import.meta.env.PROD) installOfflineShell();
