import { Application } from 'pixi.js';
import { hasFastWebGL } from './fast-webgl';

/**
 * A game's Pixi application, filling `host` (a board or a card table): drawn on demand, so an idle
 * view costs no CPU or battery, and hidden from screen readers (the DOM beside it says it all).
 */
export async function createCanvasApp(host: HTMLElement, background: number): Promise<Application> {
  const app = new Application();
  // `?renderer=webgl|canvas` forces a renderer (for comparing them); otherwise WebGL when the
  // GPU does it, else Canvas 2D, which beats WebGL emulated in software by far.
  const forced = new URLSearchParams(location.search).get('renderer');
  await app.init({
    background,
    antialias: true,
    preference: forced === 'webgl' || forced === 'canvas' ? forced : hasFastWebGL() ? 'webgl' : 'canvas',
    autoDensity: true,
    resolution: Math.min(2, window.devicePixelRatio || 1),
    width: Math.max(1, host.clientWidth),
    height: Math.max(1, host.clientHeight),
    // The view asks for each frame it needs (requestRender).
    autoStart: false,
    sharedTicker: false,
    // No environment extras (events, accessibility, filters): see no-pixi-extras.ts.
    manageImports: false,
  });
  app.canvas.classList.add('board-canvas');
  app.canvas.setAttribute('aria-hidden', 'true');
  host.appendChild(app.canvas);
  return app;
}
