// @ts-check
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compression } from 'vite-plugin-compression2';

const here = fileURLToPath(new URL('.', import.meta.url));

/** Every page at the client's top (the home page as `main`, each game's own pages by their names): a game's page needs no line here. */
const pages = Object.fromEntries(
  readdirSync(here)
    .filter((file) => file.endsWith('.html'))
    .map((file) => [file === 'index.html' ? 'main' : file.slice(0, -'.html'.length), `${here}${file}`]),
);

/**
 * The browser client. In production the game server serves `dist/`; `npm run dev` runs Vite's
 * dev server, whose pages talk to a game server on SAMURAI_SERVER (default http://localhost:2567),
 * which must allow this page's origin (ALLOWED_ORIGINS=http://localhost:5173 when it starts).
 * The engine (@samurai/shared) is TypeScript source in a workspace package; Vite compiles it
 * like our own code.
 * @type {(env: { command: string }) => import('vite').UserConfig}
 */
export default ({ command }) => ({
  root: here,
  base: './',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Pixi is one large chunk by nature; the benchmark tracks the real figure (gzipped).
    chunkSizeWarningLimit: 1200,
    // The benchmark follows the manifest to weigh exactly what the game page loads.
    manifest: true,
    rollupOptions: {
      // The service worker is built as its own entry, to `sw.js` at the root (no hash): a worker
      // controls the pages under its own path, and its URL must stay the same from one build to the next.
      input: { ...pages, sw: `${here}src/push/service-worker.ts` },
      output: { entryFileNames: (chunk) => (chunk.name === 'sw' ? 'sw.js' : 'assets/[name]-[hash].js') },
    },
  },
  define: {
    __GAME_SERVER__: JSON.stringify(command === 'serve' ? (process.env.SAMURAI_SERVER ?? 'http://localhost:2567') : ''),
  },
  // colyseus.js's MessagePack decoder in its no-eval build: the server's Content-Security-Policy
  // forbids eval, and Chromium reports even the refused, caught probe of the regular build.
  // Pixi's environment extras (accessibility, DOM, events, filters), which init would import: the
  // games use none of them (src/ui/no-pixi-extras.ts), and canvas-app.ts tells init not to load them.
  resolve: {
    alias: [
      { find: /^@colyseus\/msgpackr$/, replacement: '@colyseus/msgpackr/index-no-eval' },
      { find: /^\.\/(browserAll|webworkerAll)\.mjs$/, replacement: `${here}src/ui/no-pixi-extras.ts` },
    ],
  },
  server: { port: Number(process.env.VITE_PORT ?? 5173) },
  // A brotli and a gzip copy beside each text file of the build (index.html.br, …), made once here
  // at the best ratio: the server sends one to a browser that accepts it (server/src/http/static-assets.ts).
  plugins: [compression({ algorithms: ['brotliCompress', 'gzip'] })],
});
