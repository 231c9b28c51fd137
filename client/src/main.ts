import './no-eval';
import { GAMES } from './games/registry';
import { App } from './table/App';
import { SeatStore } from './table/seat-store';

declare const __GAME_SERVER__: string;

/** The game server: the page's own origin in production; the dev server names another. */
const endpoint = __GAME_SERVER__ || location.origin;

const root = document.getElementById('app')!;
const app = new App(root, endpoint, new SeatStore(localStorage, sessionStorage), GAMES);
// A handle for the browser tests and the benchmark (they read positions, never game secrets).
(window as unknown as { samurai: App }).samurai = app;
void app.start();
