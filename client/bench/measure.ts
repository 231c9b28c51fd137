/**
 * What the client benchmark measures in a page, for its own parts and each game's
 * (client/e2e/<game>/bench.ts): frame rates while a game's harness animates, and the replay viewer.
 */
import { BrowserContext, Page } from 'playwright-core';

export const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
export const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;

export const VIEWPORTS = [
  { width: 1280, height: 800, deviceScaleFactor: 1 },
  { width: 390, height: 844, deviceScaleFactor: 2 },
] as const;

export type Viewport = (typeof VIEWPORTS)[number];

/** What a part of the benchmark is given: the server, and a new browser context at a viewport. */
export interface Bench {
  readonly url: string;
  contextFor(viewport: Viewport): Promise<BrowserContext>;
}

/** A part of the benchmark (named on the command line), measuring its figures; a game's parts are its own. */
export interface BenchPart {
  readonly name: string;
  measure(bench: Bench): Promise<Record<string, number>>;
}

/**
 * Frames per second for 3 s on a harness page (`url`) while what it draws animates: `drawn` is the
 * path from window to the drawing (its `animating` flag and its Pixi app), e.g. ['harness', 'board'].
 */
export async function harnessFps(page: Page, url: string, drawn: readonly string[]): Promise<{ fps: number; worstFrameMs: number; renderer: string }> {
  await page.goto(url);
  await page.waitForFunction(() => document.body.dataset.ready === '1');
  await page.waitForTimeout(500);
  return page.evaluate(
    (path) =>
      new Promise<{ fps: number; worstFrameMs: number; renderer: string }>((resolve) => {
        const view = path.reduce<unknown>((o, key) => (o as Record<string, unknown>)[key], window) as {
          animating: boolean;
          app: { renderer: { name: string } };
        };
        const frames: number[] = [];
        let animatedFrames = 0;
        const start = performance.now();
        const step = (now: number) => {
          frames.push(now);
          if (view.animating) animatedFrames++;
          if (now - start < 3000) requestAnimationFrame(step);
          else {
            const gaps = frames.slice(1).map((t, i) => t - frames[i]);
            resolve({
              fps: (frames.length - 1) / ((frames[frames.length - 1] - frames[0]) / 1000),
              worstFrameMs: Math.max(...gaps),
              renderer: `${view.app.renderer.name} (${animatedFrames} of ${frames.length} frames animating)`,
            });
          }
        };
        requestAnimationFrame(step);
      }),
    drawn,
  );
}

/** `harnessFps` at every viewport, each line printed as `what`; resolves with the lowest frame rate. */
export async function harnessFpsEverywhere(bench: Bench, what: string, url: string, drawn: readonly string[]): Promise<number> {
  const runs: { fps: number }[] = [];
  for (const viewport of VIEWPORTS) {
    const context = await bench.contextFor(viewport);
    const run = await harnessFps(await context.newPage(), url, drawn);
    runs.push(run);
    console.log(
      `${what} at ${viewport.width}×${viewport.height}@${viewport.deviceScaleFactor}x: ${round(run.fps)} fps, worst frame ${round(run.worstFrameMs)} ms, ${run.renderer}`,
    );
    await context.close();
  }
  return round(Math.min(...runs.map((r) => r.fps)));
}

/**
 * The replay viewer on a record file: one step forward every frame from the start to the end
 * (frame rate, worst frame), then jumps to 40 turns at random (the time from the jump to the frame
 * that shows it, and the jump's own work in the page). `ready` marks the game's drawn screen.
 */
export async function replayFigures(
  page: Page,
  baseUrl: string,
  file: string,
  ready: string,
): Promise<{ steps: number; fps: number; worstFrameMs: number; jumpP50Ms: number; jumpMaxMs: number; jumpWorkMaxMs: number }> {
  await page.goto(baseUrl);
  await page.setInputFiles('[data-testid=record-file]', file);
  await page.waitForSelector(`[data-testid=replay][data-state=ready] [data-testid=game]${ready}`, { timeout: 30_000 });
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

/**
 * The page's own cost of a replay step: the renderer's main-thread CPU time (thread time, from a
 * Chromium trace) per frame while stepping from the start to the end once more. Frame rates
 * measured on a machine others load fall with that load; this figure much less, so it says
 * whether the page itself fits a frame (16.7 ms at 60 fps).
 */
export async function replayStepCpuMs(page: Page): Promise<number> {
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
