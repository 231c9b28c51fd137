/**
 * Client benchmark: `npm run bench:client` (builds first). Prints the production bundle size
 * (gzipped, everything the game page loads), the frame rate of Samurai's board during a capture
 * animation and of Mangoku's card table while cards and coins fly round six seats, in headless
 * Chromium, and the first paint of the lobby on localhost. The last line is JSON:
 * {"bundleGzipKB":…,"captureFps":…,"cardFlightFps":…,"lobbyFirstPaintMs":…}.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Page } from 'playwright-core';
import './outside-jest';
import { DIST, launchBrowser, startServer } from '../e2e/support';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;

/** Gzipped bytes of index.html and every chunk it can load (static and dynamic imports, CSS). */
function bundleGzipBytes(): { bytes: number; files: string[] } {
  const manifest = JSON.parse(fs.readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const seen = new Set<string>();
  const files = new Set<string>(['index.html']);
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    const chunk = manifest[key];
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const k of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(k);
  };
  visit('index.html');
  let bytes = 0;
  for (const f of files) bytes += zlib.gzipSync(fs.readFileSync(path.join(DIST, f)), { level: 9 }).length;
  return { bytes, files: [...files] };
}

/** Frames per second while captured pieces fly (the harness replays a game's captures in a loop). */
async function captureFps(page: Page, baseUrl: string): Promise<{ fps: number; worstFrameMs: number; renderer: string }> {
  await page.goto(`${baseUrl}/harness.html?players=4&seed=3&turns=40&fly=1`);
  await page.waitForFunction(() => document.body.dataset.ready === '1');
  await page.waitForTimeout(500);
  return page.evaluate(
    () =>
      new Promise<{ fps: number; worstFrameMs: number; renderer: string }>((resolve) => {
        const harness = (window as unknown as { samuraiHarness: { board: { animating: boolean; app: { renderer: { name: string } } } } }).samuraiHarness;
        const frames: number[] = [];
        let animatedFrames = 0;
        const start = performance.now();
        const step = (now: number) => {
          frames.push(now);
          if (harness.board.animating) animatedFrames++;
          if (now - start < 3000) requestAnimationFrame(step);
          else {
            const gaps = frames.slice(1).map((t, i) => t - frames[i]);
            resolve({
              fps: (frames.length - 1) / ((frames[frames.length - 1] - frames[0]) / 1000),
              worstFrameMs: Math.max(...gaps),
              renderer: `${harness.board.app.renderer.name} (${animatedFrames} of ${frames.length} frames animating)`,
            });
          }
        };
        requestAnimationFrame(step);
      }),
  );
}

/** Frames per second on Mangoku's table while cards and coins fly round six seats (its harness deals in a loop). */
async function cardFlightFps(page: Page, baseUrl: string): Promise<{ fps: number; worstFrameMs: number; renderer: string }> {
  await page.goto(`${baseUrl}/mangoku.html?players=6&seed=3&delay=100000&fly=1`);
  await page.waitForFunction(() => document.body.dataset.ready === '1');
  await page.waitForTimeout(500);
  return page.evaluate(
    () =>
      new Promise<{ fps: number; worstFrameMs: number; renderer: string }>((resolve) => {
        const harness = (window as unknown as { mangokuHarness: { screen: { tableView: { animating: boolean; app: { renderer: { name: string } } } } } }).mangokuHarness;
        const table = harness.screen.tableView;
        const frames: number[] = [];
        let animatedFrames = 0;
        const start = performance.now();
        const step = (now: number) => {
          frames.push(now);
          if (table.animating) animatedFrames++;
          if (now - start < 3000) requestAnimationFrame(step);
          else {
            const gaps = frames.slice(1).map((t, i) => t - frames[i]);
            resolve({
              fps: (frames.length - 1) / ((frames[frames.length - 1] - frames[0]) / 1000),
              worstFrameMs: Math.max(...gaps),
              renderer: `${table.app.renderer.name} (${animatedFrames} of ${frames.length} frames animating)`,
            });
          }
        };
        requestAnimationFrame(step);
      }),
  );
}

async function main(): Promise<void> {
  const bundle = bundleGzipBytes();
  console.log(`bundle: ${bundle.files.length} files the game page can load, ${round(bundle.bytes / 1024)} KB gzipped`);

  const server = await startServer({ BOT_DELAY_MS: '0' });
  const browser = await launchBrowser();
  try {
    const fpsRuns: { fps: number; worstFrameMs: number; renderer: string }[] = [];
    for (const viewport of [{ width: 1280, height: 800, deviceScaleFactor: 1 }, { width: 390, height: 844, deviceScaleFactor: 2 }]) {
      const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height }, deviceScaleFactor: viewport.deviceScaleFactor });
      const page = await context.newPage();
      const run = await captureFps(page, server.url);
      fpsRuns.push(run);
      console.log(`capture animation at ${viewport.width}×${viewport.height}@${viewport.deviceScaleFactor}x: ${round(run.fps)} fps, worst frame ${round(run.worstFrameMs)} ms, ${run.renderer}`);
      await context.close();
    }
    const flightRuns: { fps: number; worstFrameMs: number; renderer: string }[] = [];
    for (const viewport of [{ width: 1280, height: 800, deviceScaleFactor: 1 }, { width: 390, height: 844, deviceScaleFactor: 2 }]) {
      const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height }, deviceScaleFactor: viewport.deviceScaleFactor });
      const page = await context.newPage();
      const run = await cardFlightFps(page, server.url);
      flightRuns.push(run);
      console.log(`Mangoku cards in flight (6 seats) at ${viewport.width}×${viewport.height}@${viewport.deviceScaleFactor}x: ${round(run.fps)} fps, worst frame ${round(run.worstFrameMs)} ms, ${run.renderer}`);
      await context.close();
    }

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
    console.log(`lobby first paint (cold cache, seat reclaimed over the network): median ${round(median(paints))} ms of ${paints.map((p) => round(p, 0)).join(', ')}; first contentful paint median ${round(median(fcps))} ms`);
    console.log(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}`);
    console.log(
      JSON.stringify({
        bundleGzipKB: round(bundle.bytes / 1024),
        captureFps: round(Math.min(...fpsRuns.map((r) => r.fps))),
        cardFlightFps: round(Math.min(...flightRuns.map((r) => r.fps))),
        lobbyFirstPaintMs: round(median(paints)),
      }),
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
