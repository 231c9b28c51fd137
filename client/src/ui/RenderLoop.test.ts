import { RenderLoop } from './RenderLoop';

/** requestAnimationFrame by hand: a frame runs when the test says so. */
function fakeFrames() {
  let pending: ((now: number) => void) | null = null;
  let now = 0;
  globalThis.requestAnimationFrame = (callback) => {
    pending = callback;
    return 1;
  };
  globalThis.cancelAnimationFrame = () => {
    pending = null;
  };
  return {
    get pending() {
      return pending !== null;
    },
    run(afterMs = 16) {
      const callback = pending;
      pending = null;
      now += afterMs;
      callback?.(now);
    },
  };
}

describe('RenderLoop', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('draws a frame only when asked, and keeps drawing while something moves', () => {
    const frames = fakeFrames();
    let renders = 0;
    let moving = true;
    const deltas: number[] = [];
    const loop = new RenderLoop({ render: () => renders++ }, { advance: (delta) => deltas.push(delta), moving: () => moving, pulsing: () => false });
    expect(frames.pending).toBe(false);
    loop.request();
    loop.request();
    frames.run();
    expect(renders).toBe(1);
    expect(frames.pending).toBe(true);
    moving = false;
    frames.run(20);
    expect(renders).toBe(2);
    expect(deltas).toEqual([16.7, 20]);
    expect(frames.pending).toBe(false);
  });

  it('breathes at 20 frames a second while only a highlight pulses, and stops for good', () => {
    const frames = fakeFrames();
    let renders = 0;
    let clock = 0;
    const before: number[] = [];
    const loop = new RenderLoop(
      { render: () => renders++ },
      { advance: (_delta, clockMs) => (clock = clockMs), beforeRender: () => before.push(renders), moving: () => false, pulsing: () => true },
    );
    loop.request();
    frames.run();
    expect(frames.pending).toBe(false);
    jest.advanceTimersByTime(49);
    expect(frames.pending).toBe(false);
    jest.advanceTimersByTime(1);
    expect(frames.pending).toBe(true);
    frames.run(50);
    expect(clock).toBeCloseTo(66.7);
    expect(before).toEqual([0, 1]);
    loop.stop();
    jest.advanceTimersByTime(100);
    loop.request();
    expect(frames.pending).toBe(false);
    expect(renders).toBe(2);
  });
});
