/** What a canvas's render loop asks of its view at each frame. */
export interface FrameSource {
  /** Moves what moves by `deltaMs`; `clockMs` is the time drawn so far (a highlight's breathing follows it). */
  advance(deltaMs: number, clockMs: number): void;
  /** Just before the frame is drawn: caches of what changed are drawn again. */
  beforeRender?(): void;
  /** Something flies: the next frame follows at once. */
  moving(): boolean;
  /** Something breathes (a target's highlight): a gentle 20 frames a second is plenty for it. */
  pulsing(): boolean;
}

/** Frames a second while only a highlight breathes. */
const PULSE_MS = 50;

/**
 * The render loop of a game's canvas (the Pixi application canvas-app.ts makes): a frame only
 * when something asked for one or still moves, so an idle board or table costs no CPU or battery.
 */
export class RenderLoop {
  private frame = 0;
  private pulseTimer: ReturnType<typeof setTimeout> | undefined;
  private lastFrame = 0;
  private clock = 0;
  private stopped = false;

  constructor(
    private readonly app: { render(): void },
    private readonly source: FrameSource,
  ) {}

  /** Draws a frame soon; keeps drawing while something moves. */
  request(): void {
    if (this.frame || this.stopped) return;
    clearTimeout(this.pulseTimer);
    this.pulseTimer = undefined;
    this.frame = requestAnimationFrame(this.onFrame);
  }

  /** No frame ever again (the view is being destroyed). */
  stop(): void {
    this.stopped = true;
    cancelAnimationFrame(this.frame);
    clearTimeout(this.pulseTimer);
  }

  private readonly onFrame = (now: number): void => {
    this.frame = 0;
    if (this.stopped) return;
    const delta = this.lastFrame ? Math.min(100, now - this.lastFrame) : 16.7;
    this.lastFrame = now;
    this.clock += delta;
    this.source.advance(delta, this.clock);
    this.source.beforeRender?.();
    this.app.render();
    if (this.source.moving()) this.request();
    else if (this.source.pulsing()) {
      this.pulseTimer = setTimeout(() => {
        this.pulseTimer = undefined;
        this.request();
      }, PULSE_MS);
    } else this.lastFrame = 0;
  };
}
