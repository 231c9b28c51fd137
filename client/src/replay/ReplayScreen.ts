/**
 * The replay viewer: a finished game from a room (a shared link, "Watch again") or from a record
 * file, verified by its game's engine, then shown on that game's own screen one step at a time.
 * Step by play or by turn, play at a speed, jump from the log, see it through any seat's eyes, a
 * spectator's, or everything. The game's replay code loads on demand.
 */
import type { AnyGameClient } from '../table/game-client';
import { fill, h } from '../ui/dom';
import type { ReplayContext, ReplaySeat, ReplayShow } from './game-replay';
import { parseRecordText, recordApiUrl, recordFormatOf, ReplaySource, seatsFromHistory, shareLink } from './replay-source';
import './replay.css';

export interface ReplayActions {
  home(): void;
  notify(text: string, kind?: 'info' | 'error'): void;
}

/** Steps a second at 1×; the speeds offered. */
const STEPS_PER_SECOND = 1.5;
export const SPEEDS = [0.5, 1, 2, 4, 8] as const;

type Loaded = { readonly game: AnyGameClient; readonly json: unknown; readonly seats: readonly (ReplaySeat | null)[] | null; readonly recordUrl: string };

export class ReplayScreen {
  readonly el: HTMLElement;
  private readonly body: HTMLElement;
  private show: ReplayShow | null = null;
  private step = 0;
  private perspective = 'everything';
  private speed = 1;
  private timer: ReturnType<typeof setInterval> | undefined;
  private destroyed = false;
  private fileUrl: string | null = null;
  private readonly position = h('span', { class: 'replay-position', 'aria-live': 'polite', dataset: { testid: 'replay-position' } });
  private readonly slider = h('input', { type: 'range', min: 0, max: 0, value: '0', class: 'replay-slider', 'aria-label': 'Step', dataset: { testid: 'replay-slider' } });
  private readonly playButton = h('button', { type: 'button', class: 'primary small', text: '▶ Play', dataset: { testid: 'replay-play' } });
  private readonly buttons: Record<string, HTMLButtonElement> = {};

  constructor(
    private readonly source: ReplaySource,
    private readonly games: readonly AnyGameClient[],
    private readonly endpoint: string,
    private readonly actions: ReplayActions,
  ) {
    this.body = h('div', { class: 'replay-body' }, h('p', { class: 'boot', text: 'Loading the game record…' }));
    this.el = h('div', { class: 'replay', dataset: { testid: 'replay', state: 'loading' } }, this.body);
    document.addEventListener('keydown', this.onKey);
    void this.load().then(
      (loaded) => this.open(loaded),
      (e: Error) => this.refuse(e.message),
    );
  }

  /** Test and tooling hook: the game's replay on screen. */
  get current(): { show: ReplayShow | null; step: number; perspective: string } {
    return { show: this.show, step: this.step, perspective: this.perspective };
  }

  destroy(): void {
    this.destroyed = true;
    this.pause();
    document.removeEventListener('keydown', this.onKey);
    this.show?.destroy();
    if (this.fileUrl) URL.revokeObjectURL(this.fileUrl);
    this.el.remove();
  }

  // ---- loading ------------------------------------------------------------------------------

  private async load(): Promise<Loaded> {
    let json: unknown;
    let seats: Loaded['seats'] = null;
    let recordUrl: string;
    if (this.source.kind === 'file') {
      const parsed = parseRecordText(this.source.text);
      if (!parsed.ok) throw new Error(parsed.message);
      json = parsed.json;
      this.fileUrl = URL.createObjectURL(new Blob([this.source.text], { type: 'application/json' }));
      recordUrl = this.fileUrl;
    } else {
      const { code, game } = this.source;
      recordUrl = recordApiUrl(this.endpoint, code, game);
      const response = await fetch(recordUrl);
      const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
      if (!response.ok) throw new Error(typeof body?.error === 'string' ? body.error : `The server could not give the record (HTTP ${response.status}).`);
      json = body;
      // Names and colours come from the room's history; without them the seats are numbered.
      const history = await fetch(`${this.endpoint.replace(/\/+$/, '')}/api/rooms/${code}/games`).catch(() => null);
      if (history?.ok) seats = seatsFromHistory(await history.json().catch(() => null), game);
    }
    const format = recordFormatOf(json);
    const game = this.games.find((g) => g.replay?.format === format);
    if (!game) throw new Error(format ? `This page cannot show records of the format "${format}".` : 'This file is not a game record: it has no format.');
    return { game, json, seats, recordUrl };
  }

  private async open({ game, json, seats, recordUrl }: Loaded): Promise<void> {
    const module = await game.replay!.load();
    if (this.destroyed) return;
    const context: ReplayContext = { seats, recordUrl, notify: (t, k) => this.actions.notify(t, k), home: () => this.actions.home() };
    const opened = module.open(json, context);
    if (!opened.ok) {
      this.refuse(`This record breaks the rules, so it is not shown. ${opened.message}`, opened.rule);
      return;
    }
    this.show = opened.show;
    this.build(game);
    this.go(0);
  }

  /** Nothing to show: why, and a way to pick another file or go home. */
  private refuse(message: string, rule: string | null = null): void {
    if (this.destroyed) return;
    this.el.dataset.state = 'refused';
    fill(
      this.body,
      h(
        'section',
        { class: 'card replay-refused', role: 'alert', dataset: { testid: 'replay-error', rule: rule ?? '' } },
        h('h1', { text: 'This game cannot be replayed' }),
        rule ? h('p', {}, 'Broken rule: ', h('code', { text: rule })) : null,
        h('p', { class: 'replay-message', text: message }),
        h('div', { class: 'button-row' }, h('button', { type: 'button', class: 'primary', text: 'Home', dataset: { testid: 'replay-home' }, on: { click: () => this.actions.home() } })),
      ),
    );
  }

  // ---- the viewer ---------------------------------------------------------------------------

  private build(game: AnyGameClient): void {
    const show = this.show!;
    this.el.dataset.state = 'ready';
    this.el.dataset.steps = String(show.steps);
    this.slider.max = String(show.steps - 1);
    this.slider.addEventListener('input', () => this.go(Number(this.slider.value)));
    const perspective = h(
      'select',
      { class: 'replay-perspective', 'aria-label': 'Whose eyes', dataset: { testid: 'replay-perspective' }, on: { change: (e) => this.setPerspective((e.target as HTMLSelectElement).value) } },
      show.perspectives.map((p) => h('option', { value: p.value, text: p.label, selected: p.value === this.perspective })),
    );
    const speed = h(
      'select',
      { class: 'replay-speed', 'aria-label': 'Speed', dataset: { testid: 'replay-speed' }, on: { change: (e) => this.setSpeed(Number((e.target as HTMLSelectElement).value)) } },
      SPEEDS.map((s) => h('option', { value: String(s), text: `${s}×`, selected: s === this.speed })),
    );
    this.playButton.addEventListener('click', () => (this.timer ? this.pause() : this.play()));
    const control = (id: string, text: string, label: string, to: () => number) => {
      const button = h('button', { type: 'button', class: 'small', text, title: label, 'aria-label': label, dataset: { testid: `replay-${id}` }, on: { click: () => this.go(to()) } });
      this.buttons[id] = button;
      return button;
    };
    const controls = h(
      'div',
      { class: 'replay-controls', role: 'toolbar', 'aria-label': 'Replay', dataset: { testid: 'replay-controls' } },
      control('start', '⇤', 'To the start (Home)', () => 0),
      control('turn-back', '«', 'Back one turn (Shift+←)', () => show.turnStep(this.step, -1)),
      control('back', '‹', 'Back one play (←)', () => this.step - 1),
      this.playButton,
      control('forward', '›', 'On one play (→)', () => this.step + 1),
      control('turn-forward', '»', 'On one turn (Shift+→)', () => show.turnStep(this.step, 1)),
      control('end', '⇥', 'To the end (End)', () => show.steps - 1),
      this.slider,
      h('label', { class: 'replay-field' }, 'Speed ', speed),
      this.position,
    );
    const share = this.source.kind === 'room' ? this.shareField(this.source.code, this.source.game) : null;
    const header = h(
      'header',
      { class: 'replay-bar' },
      h('span', { class: 'brand', text: game.title }),
      h('span', { class: 'replay-title', text: this.source.kind === 'room' ? `Replay · room ${this.source.code}, game ${this.source.game}` : `Replay · ${this.source.name}` }),
      h('label', { class: 'replay-field' }, 'Through the eyes of ', perspective),
      share,
      h('button', { type: 'button', class: 'quiet small', text: 'Home', dataset: { testid: 'replay-home' }, on: { click: () => this.actions.home() } }),
    );
    // A line of the game's log: jump to where it happened.
    show.el.addEventListener('click', (e) => {
      const line = (e.target as HTMLElement).closest('[data-testid=log] > li');
      if (!line?.parentElement) return;
      const index = Array.prototype.indexOf.call(line.parentElement.children, line) as number;
      const step = show.stepOfLogLine(index, this.step);
      if (step !== null) this.go(step);
    });
    fill(this.body, header, controls, h('div', { class: 'replay-game', dataset: { testid: 'replay-game' } }, show.el));
  }

  private shareField(code: string, game: number): HTMLElement {
    const link = shareLink(this.endpoint, code, game);
    const input = h('input', { type: 'text', readonly: true, value: link, class: 'replay-link', 'aria-label': 'Link to this replay', dataset: { testid: 'replay-link' } });
    const copy = async () => {
      input.select();
      try {
        await navigator.clipboard.writeText(link);
        this.actions.notify('Link copied: anyone with it can watch this game.');
      } catch {
        this.actions.notify('Copy the selected link to share this game.');
      }
    };
    return h('span', { class: 'replay-share' }, input, h('button', { type: 'button', class: 'small', text: 'Copy link', dataset: { testid: 'replay-copy-link' }, on: { click: () => void copy() } }));
  }

  private go(step: number): void {
    const show = this.show;
    if (!show) return;
    this.step = Math.max(0, Math.min(show.steps - 1, Math.round(step)));
    show.show(this.step, this.perspective);
    this.slider.value = String(this.step);
    this.el.dataset.step = String(this.step);
    this.position.textContent = `${show.describe(this.step)} · step ${this.step + 1} of ${show.steps}`;
    const atStart = this.step === 0;
    const atEnd = this.step === show.steps - 1;
    for (const id of ['start', 'turn-back', 'back']) this.buttons[id].disabled = atStart;
    for (const id of ['forward', 'turn-forward', 'end']) this.buttons[id].disabled = atEnd;
    if (atEnd) this.pause();
  }

  private setPerspective(value: string): void {
    this.perspective = value;
    this.el.dataset.perspective = value;
    this.go(this.step);
  }

  private setSpeed(speed: number): void {
    this.speed = speed;
    if (this.timer) {
      this.pause();
      this.play();
    }
  }

  private play(): void {
    const show = this.show;
    if (!show) return;
    if (this.step >= show.steps - 1) this.go(0);
    this.timer = setInterval(() => this.go(this.step + 1), 1000 / (STEPS_PER_SECOND * this.speed));
    this.playButton.textContent = '⏸ Pause';
    this.el.dataset.playing = 'true';
  }

  private pause(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.playButton.textContent = '▶ Play';
    this.el.dataset.playing = 'false';
  }

  /** ← → by play, Shift by turn, Home and End, Space plays or pauses (not while typing or in a dialog). */
  private readonly onKey = (e: KeyboardEvent): void => {
    const show = this.show;
    const target = e.target as HTMLElement | null;
    if (!show || e.ctrlKey || e.metaKey || e.altKey || document.querySelector('dialog[open]')) return;
    if (target && (target.tagName === 'INPUT' || target.tagName === 'SELECT' || target.tagName === 'TEXTAREA' || target.isContentEditable)) return;
    // The board's own arrow keys move between its settlements.
    if (target?.closest('[role=application]')) return;
    const moves: Record<string, () => number> = {
      ArrowLeft: () => (e.shiftKey ? show.turnStep(this.step, -1) : this.step - 1),
      ArrowRight: () => (e.shiftKey ? show.turnStep(this.step, 1) : this.step + 1),
      Home: () => 0,
      End: () => show.steps - 1,
    };
    if (moves[e.key]) {
      e.preventDefault();
      this.go(moves[e.key]());
    } else if (e.key === ' ' && target?.tagName !== 'BUTTON') {
      e.preventDefault();
      if (this.timer) this.pause();
      else this.play();
    }
  };
}
