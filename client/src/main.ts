import './no-eval';
import { GAMES } from './games/registry';
import { applyLanguage, startLanguage } from './i18n/i18n';
import { startAppShell } from './push/app-shell';
import { App } from './table/App';
import { SeatStore } from './table/seat-store';

declare const __GAME_SERVER__: string;

/** The game server: the page's own origin in production; the dev server names another. */
const endpoint = __GAME_SERVER__ || location.origin;

// Installable, with a badge and turn notifications (the service worker: src/push/service-worker.ts).
startAppShell(__GAME_SERVER__ === '');

// The words first (the remembered language, else the browser's), so the first screen is drawn in them.
void startLanguage(localStorage, navigator.languages ?? [navigator.language])
  // The language's file could not be loaded (a lost connection): English, else the keys themselves.
  .catch(() => applyLanguage('en'))
  .catch(() => undefined)
  .then(() => {
    const root = document.getElementById('app')!;
    const app = new App(root, endpoint, new SeatStore(localStorage, sessionStorage), GAMES, localStorage);
    // A handle for the browser tests and the benchmark (they read positions, never game secrets).
    (window as unknown as { tableApp: App }).tableApp = app;
    void app.start();
  });
