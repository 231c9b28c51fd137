/**
 * Client benchmark: `npm run bench:client` (builds first). Prints the production bundle size
 * (gzipped, everything the game page loads), the frame rate of Samurai's board during a capture
 * animation and of Mangoku's card table while cards and coins fly round six seats, in headless
 * Chromium, the replay viewer stepping a 4-player Samurai game one step a frame and jumping to
 * turns, and the first paint of the lobby on localhost. The last line is JSON:
 * {"bundleGzipKB":…,"captureFps":…,"cardFlightFps":…,"replayStepFps":…,"replayJumpMaxMs":…,"replayStepCpuMs":…,"lobbyFirstPaintMs":…}.
 * `npm run bench:client -- replay` measures the replay alone (any of capture, flight, replay, lobby;
 * the JSON then holds only the figures measured).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Page } from 'playwright-core';
import './outside-jest';
import { exportRecord, greedyBot, openReplay, playGame, seededRng } from '@samurai/shared';
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
        const harness = (window as unknown as { mangokuHarness: { screen: { tableView: { animating: boolean; app: { renderer: { name: string } } } } } })
          .mangokuHarness;
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

/**
 * The replay viewer on a 4-player Samurai record (a greedy bots' game): one step forward every
 * frame from the start to the end (frame rate, worst frame), then jumps to 40 turns at random
 * (the time from the jump to the frame that shows it, and the jump's own work in the page).
 */
async function replayFigures(
  page: Page,
  baseUrl: string,
  file: string,
): Promise<{ steps: number; fps: number; worstFrameMs: number; jumpP50Ms: number; jumpMaxMs: number; jumpWorkMaxMs: number }> {
  await page.goto(baseUrl);
  await page.setInputFiles('[data-testid=record-file]', file);
  await page.waitForSelector('[data-testid=replay][data-state=ready] [data-testid=game][data-board-ready=true]', { timeout: 30_000 });
  await page.waitForTimeout(500);
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        const slider = document.querySelector<HTMLInputElement>('[data-testid=replay-slider]')!;
        const steps = Number(slider.max) + 1;
        const go = (step: number) => {
          slider.value = String(step);
          slider.dispatchEvent(new Event('input'));
        };
        const frames: number[] = [];
        let last = 0;
        let step = 0;
        const stepping = (now: number) => {
          if (last) frames.push(now - last);
          last = now;
          if (step < steps - 1) {
            go(++step);
            requestAnimationFrame(stepping);
          } else jumps();
        };
        const jumpMs: number[] = [];
        const workMs: number[] = [];
        let seed = 7;
        const jumps = () => {
          if (jumpMs.length === 40) {
            const total = frames.reduce((a, b) => a + b, 0);
            const sorted = jumpMs.slice().sort((a, b) => a - b);
            resolve({
              steps,
              fps: (frames.length * 1000) / total,
              worstFrameMs: Math.max(...frames),
              jumpP50Ms: sorted[Math.floor(sorted.length / 2)],
              jumpMaxMs: sorted[sorted.length - 1],
              jumpWorkMaxMs: Math.max(...workMs),
            });
            return;
          }
          seed = (seed * 1103515245 + 12345) % 2147483648;
          const start = performance.now();
          go(seed % steps);
          workMs.push(performance.now() - start);
          requestAnimationFrame(() => {
            jumpMs.push(performance.now() - start);
            setTimeout(jumps, 30);
          });
        };
        requestAnimationFrame(stepping);
      }),
  );
}

/** The parts to measure: those named on the command line, or all. */
const PARTS = ['capture', 'flight', 'replay', 'lobby'] as const;
type Part = (typeof PARTS)[number];
function partsWanted(args: readonly string[]): ReadonlySet<Part> {
  const unknown = args.filter((a) => !(PARTS as readonly string[]).includes(a));
  if (unknown.length) throw new Error(`bench: unknown part ${unknown.join(', ')} (known: ${PARTS.join(', ')})`);
  return new Set(args.length ? (args as Part[]) : PARTS);
}

const VIEWPORTS = [
  { width: 1280, height: 800, deviceScaleFactor: 1 },
  { width: 390, height: 844, deviceScaleFactor: 2 },
] as const;

/**
 * The page's own cost of a replay step: the renderer's main-thread CPU time (thread time, from a
 * Chromium trace) per frame while stepping from the start to the end once more. Frame rates
 * measured on a machine others load fall with that load; this figure much less, so it says
 * whether the page itself fits a frame (16.7 ms at 60 fps).
 */
async function replayStepCpuMs(page: Page): Promise<number> {
  const browser = page.context().browser()!;
  await page.evaluate(() => {
    const slider = document.querySelector<HTMLInputElement>('[data-testid=replay-slider]')!;
    slider.value = '0';
    slider.dispatchEvent(new Event('input'));
  });
  await page.waitForTimeout(300);
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  const frames = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const slider = document.querySelector<HTMLInputElement>('[data-testid=replay-slider]')!;
        const steps = Number(slider.max) + 1;
        let step = 0;
        const stepping = () => {
          if (step >= steps - 1) return resolve(step);
          slider.value = String(++step);
          slider.dispatchEvent(new Event('input'));
          requestAnimationFrame(stepping);
        };
        requestAnimationFrame(stepping);
      }),
  );
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as {
    traceEvents: { name: string; ph: string; pid: number; tid: number; dur?: number; tdur?: number; args?: { name?: string } }[];
  };
  const main = trace.traceEvents.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const onMain = (e: { pid: number; tid: number }) => main.some((m) => m.pid === e.pid && m.tid === e.tid);
  const busyUs = trace.traceEvents.filter((e) => e.name === 'RunTask' && e.ph === 'X' && onMain(e)).reduce((sum, e) => sum + (e.tdur ?? e.dur ?? 0), 0);
  return busyUs / 1000 / frames;
}

async function main(): Promise<void> {
  const wanted = partsWanted(process.argv.slice(2));
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
  const contextFor = (viewport: (typeof VIEWPORTS)[number]) =>
    browser.newContext({ viewport: { width: viewport.width, height: viewport.height }, deviceScaleFactor: viewport.deviceScaleFactor });
  try {
    if (wanted.has('capture')) {
      const fpsRuns: { fps: number; worstFrameMs: number; renderer: string }[] = [];
      for (const viewport of VIEWPORTS) {
        const context = await contextFor(viewport);
        const run = await captureFps(await context.newPage(), server.url);
        fpsRuns.push(run);
        console.log(
          `capture animation at ${viewport.width}×${viewport.height}@${viewport.deviceScaleFactor}x: ${round(run.fps)} fps, worst frame ${round(run.worstFrameMs)} ms, ${run.renderer}`,
        );
        await context.close();
      }
      figures.captureFps = round(Math.min(...fpsRuns.map((r) => r.fps)));
    }
    if (wanted.has('flight')) {
      const flightRuns: { fps: number; worstFrameMs: number; renderer: string }[] = [];
      for (const viewport of VIEWPORTS) {
        const context = await contextFor(viewport);
        const run = await cardFlightFps(await context.newPage(), server.url);
        flightRuns.push(run);
        console.log(
          `Mangoku cards in flight (6 seats) at ${viewport.width}×${viewport.height}@${viewport.deviceScaleFactor}x: ${round(run.fps)} fps, worst frame ${round(run.worstFrameMs)} ms, ${run.renderer}`,
        );
        await context.close();
      }
      figures.cardFlightFps = round(Math.min(...flightRuns.map((r) => r.fps)));
    }

    if (wanted.has('replay')) {
      // The replay viewer: a 4-player record, opened from a file (verified, then every step kept).
      const record = exportRecord(playGame({ players: 4 }, [greedyBot, greedyBot, greedyBot, greedyBot], seededRng(3), seededRng(4)));
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'samurai-bench-')), 'four-players.json');
      fs.writeFileSync(file, JSON.stringify(record));
      const opens: number[] = [];
      for (let i = 0; i < 20; i++) {
        const start = performance.now();
        if (!openReplay(record).ok) throw new Error('bench: the record does not verify');
        opens.push(performance.now() - start);
      }
      console.log(
        `replay: a 4-player record (${record.turns.length} turns) verified and every position kept in ${round(median(opens), 2)} ms (median of 20, Node)`,
      );
      const replayRuns: (Awaited<ReturnType<typeof replayFigures>> & { cpuMs: number })[] = [];
      for (const viewport of VIEWPORTS) {
        const context = await contextFor(viewport);
        const page = await context.newPage();
        const run = { ...(await replayFigures(page, server.url, file)), cpuMs: await replayStepCpuMs(page) };
        replayRuns.push(run);
        console.log(
          `replay at ${viewport.width}×${viewport.height}@${viewport.deviceScaleFactor}x: ${run.steps} steps one a frame at ${round(run.fps)} fps (worst frame ${round(run.worstFrameMs)} ms); ` +
            `a jump to a random step on screen in ${round(run.jumpP50Ms)} ms median, ${round(run.jumpMaxMs)} ms at most (its work in the page at most ${round(run.jumpWorkMaxMs)} ms); ` +
            `the page's main thread busy ${round(run.cpuMs)} ms of CPU a step`,
        );
        await context.close();
      }
      figures.replayStepFps = round(Math.min(...replayRuns.map((r) => r.fps)));
      figures.replayJumpMaxMs = round(Math.max(...replayRuns.map((r) => r.jumpMaxMs)));
      figures.replayStepCpuMs = round(Math.max(...replayRuns.map((r) => r.cpuMs)));
    }

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
