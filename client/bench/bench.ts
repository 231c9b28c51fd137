/**
 * Client benchmark: `npm run bench:client` (builds first). Prints the production bundle size
 * (gzipped, everything the game page loads), each game's own parts (client/e2e/<game>/bench.ts:
 * frame rates of its drawing while it animates, the replay viewer stepping one of its games), in
 * headless Chromium, and the first paint of the lobby on localhost. The last line is JSON:
 * {"bundleGzipKB":…,"cardFlightFps":…,"captureFps":…,"replayStepFps":…,"replayJumpMaxMs":…,"replayStepCpuMs":…,"lobbyFirstPaintMs":…}.
 * `npm run bench:client -- replay` measures the replay alone (any of the parts' names and lobby;
 * the JSON then holds only the figures measured).
 */
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import zlib from 'node:zlib';
import './outside-jest';
import { DIST, launchBrowser, startServer } from '../e2e/support';
import { Bench, BenchPart, median, round, Viewport } from './measure';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

/**
 * Gzipped bytes of index.html and every chunk it can load (static and dynamic imports, CSS), with one
 * language: a page fetches only the language it shows (each is its own chunks, English too: the
 * table's file and each game's), so of the four only the largest is counted.
 */
function bundleGzipBytes(): { bytes: number; files: string[] } {
  const manifest = JSON.parse(fs.readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const seen = new Set<string>();
  const files = new Set<string>(['index.html']);
  const languages = new Map<string, string[]>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    const language = /\/locales\/(en|fr|de|ja)\.json$/.exec(key)?.[1];
    if (language) {
      languages.set(language, [...(languages.get(language) ?? []), manifest[key].file]);
      return;
    }
    const chunk = manifest[key];
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const k of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(k);
  };
  visit('index.html');
  const gzipped = (f: string) => zlib.gzipSync(fs.readFileSync(path.join(DIST, f)), { level: 9 }).length;
  const weight = (chunks: string[]) => chunks.reduce((sum, f) => sum + gzipped(f), 0);
  const language = [...languages.values()].sort((x, y) => weight(y) - weight(x))[0];
  for (const f of language ?? []) files.add(f);
  let bytes = 0;
  for (const f of files) bytes += gzipped(f);
  return { bytes, files: [...files] };
}

/** Every game's parts: each folder of client/e2e with a bench.ts exporting `benchParts`, in the folders' order. */
function gameParts(): BenchPart[] {
  const e2e = path.join(__dirname, '../e2e');
  return fs
    .readdirSync(e2e, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(e2e, entry.name, 'bench.ts')))
    .map((entry) => entry.name)
    .sort()
    .flatMap((folder) => {
      // Found by folder, as the browser tests' drivers are (support.ts): a synchronous require.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      return (require(path.join(e2e, folder, 'bench')) as { benchParts?: readonly BenchPart[] }).benchParts ?? [];
    });
}

/** The parts to measure: those named on the command line, or all (every game's, then the lobby). */
function partsWanted(args: readonly string[], known: readonly string[]): ReadonlySet<string> {
  const unknown = args.filter((a) => !known.includes(a));
  if (unknown.length) throw new Error(`bench: unknown part ${unknown.join(', ')} (known: ${known.join(', ')})`);
  return new Set(args.length ? args : known);
}

async function main(): Promise<void> {
  const parts = gameParts();
  const wanted = partsWanted(process.argv.slice(2), [...parts.map((p) => p.name), 'lobby']);
  const bundle = bundleGzipBytes();
  console.log(`bundle: ${bundle.files.length} files the game page can load (one language: the largest), ${round(bundle.bytes / 1024)} KB gzipped`);
  const figures: Record<string, number> = { bundleGzipKB: round(bundle.bytes / 1024) };

  const server = await startServer({ BOT_DELAY_MS: '0' });
  const browser = await launchBrowser();
  // tsx compiles with esbuild's keepNames, which wraps named functions in `__name(…)`: a function
  // handed to page.evaluate carries that call into the page, where it is not defined.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await context.addInitScript('globalThis.__name = (f) => f;');
    return context;
  };
  const bench: Bench = {
    url: server.url,
    contextFor: (viewport: Viewport) =>
      browser.newContext({ viewport: { width: viewport.width, height: viewport.height }, deviceScaleFactor: viewport.deviceScaleFactor }),
  };
  try {
    for (const part of parts) if (wanted.has(part.name)) Object.assign(figures, await part.measure(bench));

    if (wanted.has('lobby')) {
      // The lobby, from a cold start (empty cache) of a browser that holds the seat token.
      const host = await browser.newContext();
      const hostPage = await host.newPage();
      await hostPage.goto(server.url);
      await hostPage.fill('[data-testid=name]', 'Bench');
      await hostPage.click('[data-testid=create]');
      await hostPage.waitForSelector('[data-testid=lobby]');
      const code = (await hostPage.textContent('[data-testid=room-code]'))!.trim();
      const tokens = await hostPage.evaluate(() => JSON.stringify(Object.fromEntries(Object.entries(localStorage))));
      const paints: number[] = [];
      const fcps: number[] = [];
      for (let i = 0; i < 5; i++) {
        const context = await browser.newContext();
        await context.addInitScript((stored) => {
          for (const [k, v] of Object.entries(JSON.parse(stored) as Record<string, string>)) localStorage.setItem(k, v);
        }, tokens);
        const page = await context.newPage();
        await page.goto(`${server.url}/?room=${code}`);
        await page.waitForFunction(() => performance.getEntriesByName('samurai:lobby-painted').length > 0, undefined, { timeout: 15_000 });
        const timing = await page.evaluate(() => ({
          lobby: performance.getEntriesByName('samurai:lobby-painted')[0].startTime,
          fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
        }));
        paints.push(timing.lobby);
        fcps.push(timing.fcp);
        await context.close();
      }
      console.log(
        `lobby first paint (cold cache, seat reclaimed over the network): median ${round(median(paints))} ms of ${paints.map((p) => round(p, 0)).join(', ')}; first contentful paint median ${round(median(fcps))} ms`,
      );
      figures.lobbyFirstPaintMs = round(median(paints));
    }
    console.log(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}`);
    console.log(JSON.stringify(figures));
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
