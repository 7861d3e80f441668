import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { AppProvider } from './app/provider';
import { loadFirstScreen } from './app/routes';
import { authoriseRequestsWith } from './lib/api';
import { applyColorScheme, systemColorScheme, withReadableColorsAfter } from './lib/color-scheme';
import { installOfflineShell } from './lib/offline-shell';
import { tellQueryNewsInOneTask } from './lib/query-notices';
import { type LaunchState, launch } from './messenger/launch';
import { launchAuthScheme, launchInitData } from './messenger/launch-params';
import './app/styles/global.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

authoriseRequestsWith(launchInitData, launchAuthScheme);
tellQueryNewsInOneTask();
const { result: launched, readableColors } = withReadableColorsAfter(launch);

// The first render in a transition: React draws the app in slices and gives the phone back between
// them, where one render of every provider, the router and the screen was the start's longest task
// (docs/performance.md, «Lighthouse as a phone»).
const render = (launchState: LaunchState) =>
  startTransition(() =>
    createRoot(rootElement).render(
      <StrictMode>
        <AppProvider>
          <App launchState={launchState} />
        </AppProvider>
      </StrictMode>,
    ),
  );

// Started, the app waits for the first screen's chunk (MAX's start fetches its adapter meanwhile,
// not before it). A messenger's start applies its palette as it starts talking to it
// (telegram/theme.ts; MAX, which gives none, the system's); outside any, or after a failed start,
// the palette follows the system until one is known. Once, not twice: deriving a palette's readable
// colours is part of the first screen's work. Outside a messenger the stand-in's user picker comes
// first, whatever the path.
const firstScreen =
  launched === 'outside' || launched === 'failed'
    ? undefined
    : Promise.all([loadFirstScreen(window.location.pathname), readableColors]);
void Promise.resolve(launched).then(async (launchState) => {
  if (launchState === 'started') await firstScreen;
  else applyColorScheme(systemColorScheme());
  render(launchState);
});

// The shell kept on the phone (offline-shell/sw.js) opens the app with no signal, where the webview has
// service workers (Telegram's iOS one has none). Not in development: Vite serves modules as they change.
if (import.meta.env.PROD) installOfflineShell();
