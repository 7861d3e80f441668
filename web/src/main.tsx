import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { AppProvider } from './app/provider';
import { applyColorScheme, systemColorScheme } from './lib/color-scheme';
import { whenIdle } from './lib/when-idle';
import { launch } from './telegram/launch';
import './app/styles/global.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

// Until Telegram's theme is known (or outside Telegram) the palette follows the system.
applyColorScheme(systemColorScheme());
const launchState = launch();

createRoot(rootElement).render(
  <StrictMode>
    <AppProvider>
      <App launchState={launchState} />
    </AppProvider>
  </StrictMode>,
);

/** The worker once it handles this page's requests: from then on it sees every file the page loads. */
function untilControlled(): Promise<ServiceWorker> {
  const { serviceWorker } = navigator;
  if (serviceWorker.controller) return Promise.resolve(serviceWorker.controller);
  return new Promise((resolve) => {
    serviceWorker.addEventListener('controllerchange', function taken() {
      if (!serviceWorker.controller) return;
      serviceWorker.removeEventListener('controllerchange', taken);
      resolve(serviceWorker.controller);
    });
  });
}

// The shell kept on the phone (public/sw.js) opens the app with no signal, where the webview has
// service workers (Telegram's iOS one has none). Not in development: Vite serves modules as they change.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  whenIdle(() => {
    navigator.serviceWorker
      .register('/sw.js')
      .then(untilControlled)
      .then((worker) => {
        // What loaded before the worker saw this page's requests: the worker keeps these too.
        worker.postMessage({ keep: performance.getEntriesByType('resource').map((entry) => entry.name) });
      })
      .catch((error: unknown) => console.warn('The offline shell was not installed', error));
  });
}
