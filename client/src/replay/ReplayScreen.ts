/**
 * The replay viewer: a finished game from a room (a shared link, "Watch again") or from a record
 * file, verified by its game's engine, then shown on that game's own screen one step at a time.
 * Step by play or by turn, play at a speed, jump from the log, see it through any seat's eyes, a
 * spectator's, or everything. The game's replay code loads on demand.
 */
import { formatNumber, onLanguageChange, t } from '../i18n/i18n';
import { LanguageSwitcher } from '../i18n/LanguageSwitcher';
import { LiveWords } from '../i18n/live-words';
import type { AnyGameClient } from '../table/game-client';
import { fill, h } from '../ui/dom';
import type { ReplayContext, ReplaySeat, ReplayShow } from './game-replay';
import {
  notJsonText,
  parseRecordText,
  recordApiUrl,
  recordFormatOf,
  recordRefusalText,
  ReplaySource,
  seatsFromHistory,
  seatsFromRecord,
  shareLink,
  unknownFormatText,
} from './replay-source';
import './replay.css';

export interface ReplayActions {
  home(): void;
  notify(text: string, kind?: 'info' | 'error'): void;
}

/** Steps a second at 1×; the speeds offered. */
const STEPS_PER_SECOND = 1.5;
export const SPEEDS = [0.5, 1, 2, 4, 8] as const;

type Loaded = { readonly game: AnyGameClient; readonly json: unknown; readonly seats: readonly (ReplaySeat | null)[] | null; readonly recordUrl: string };

/** Why nothing can be shown: in words (asked again when the language changes), and the rule a record breaks. */
interface Refusal {
  readonly words: () => string;
  readonly rule: string | null;
  /** The engine's own account (English: where in the record, what it found), when `words` gave the rule in the interface's language. */
  readonly detail: string | null;
}

const refusal = (words: () => string): Refusal => ({ words, rule: null, detail: null });

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
  /** The words of the header and controls, set again when the language changes. */
  private readonly words = new LiveWords();
  private readonly stopLanguage: () => void;
  private language: LanguageSwitcher | null = null;
  private refusal: Refusal | null = null;
  private perspectiveSelect: HTMLSelectElement | null = null;
  private readonly position = h('span', { class: 'replay-position', 'aria-live': 'polite', dataset: { testid: 'replay-position' } });
  private readonly slider = this.words.bind(
    h('input', { type: 'range', min: 0, max: 0, value: '0', class: 'replay-slider', dataset: { testid: 'replay-slider' } }),
    { label: () => t('replay.viewer.step') },
  );
  private readonly playButton = this.words.bind(h('button', { type: 'button', class: 'primary small', dataset: { testid: 'replay-play' } }), {
    text: () => this.playText(),
  });
  private readonly buttons: Record<string, HTMLButtonElement> = {};

  constructor(
    private readonly source: ReplaySource,
    private readonly games: readonly AnyGameClient[],
    private readonly endpoint: string,
    private readonly actions: ReplayActions,
    /** Where this browser remembers its language (the header's switch). */
    private readonly languageStorage: Pick<Storage, 'getItem' | 'setItem'> = localStorage,
  ) {
    this.body = h('div', { class: 'replay-body' }, this.words.bind(h('p', { class: 'boot' }), { text: () => t('replay.viewer.loading') }));
    this.el = h('div', { class: 'replay', dataset: { testid: 'replay', state: 'loading' } }, this.body);
    document.addEventListener('keydown', this.onKey);
    this.stopLanguage = onLanguageChange(() => this.relanguage());
    void this.load()
      .then((loaded) => ('game' in loaded ? this.open(loaded) : this.refuse(loaded)))
      // Not a refusal we foresaw (the game's code would not load, say): its own words.
      .catch((e: Error) => this.refuse(refusal(() => e.message)));
  }

  /** Test and tooling hook: the game's replay on screen. */
  get current(): { show: ReplayShow | null; step: number; perspective: string } {
    return { show: this.show, step: this.step, perspective: this.perspective };
  }

  destroy(): void {
    this.destroyed = true;
    this.pause();
    this.stopLanguage();
    this.language?.destroy();
    document.removeEventListener('keydown', this.onKey);
    this.show?.destroy();
    if (this.fileUrl) URL.revokeObjectURL(this.fileUrl);
    this.el.remove();
  }

  // ---- loading ------------------------------------------------------------------------------

  private async load(): Promise<Loaded | Refusal> {
    let json: unknown;
    let seats: Loaded['seats'] = null;
    let recordUrl: string;
    if (this.source.kind === 'file') {
      const parsed = parseRecordText(this.source.text);
      if (!parsed.ok) return refusal(() => notJsonText(parsed.detail));
      json = parsed.json;
      this.fileUrl = URL.createObjectURL(new Blob([this.source.text], { type: 'application/json' }));
      recordUrl = this.fileUrl;
    } else {
      const { code, game } = this.source;
      recordUrl = recordApiUrl(this.endpoint, code, game);
      const response = await fetch(recordUrl).catch(() => null);
      if (!response) return refusal(() => t('replay.errors.unreachable'));
      const body = (await response.json().catch(() => null)) as unknown;
      if (!response.ok) return refusal(() => recordRefusalText(response.status, body));
      json = body;
      // Names and colours come from the room's history; without them the seats are numbered.
      const history = await fetch(`${this.endpoint.replace(/\/+$/, '')}/api/rooms/${code}/games`).catch(() => null);
      if (history?.ok) seats = seatsFromHistory(await history.json().catch(() => null), game);
    }
    // A record downloaded from a table's end names who sat where.
    seats ??= seatsFromRecord(json);
    const format = recordFormatOf(json);
    const game = this.games.find((g) => g.replay?.format === format);
    if (!game) return refusal(() => unknownFormatText(format));
    return { game, json, seats, recordUrl };
  }

  private async open({ game, json, seats, recordUrl }: Loaded): Promise<void> {
    const module = await game.replay!.load();
    if (this.destroyed) return;
    const context: ReplayContext = { seats, recordUrl, notify: (text, kind) => this.actions.notify(text, kind), home: () => this.actions.home() };
    const opened = module.open(json, context);
    if (!opened.ok) {
      // The rule in the interface's language where the game words that code (a move's); the engine's account then follows as a detail.
      const { rule, message } = opened;
      const worded = () => game.errorText?.(rule) ?? null;
      this.refuse({ words: () => `${t('replay.errors.breaksRules')} ${worded() ?? message}`, rule, detail: worded() === null ? null : message });
      return;
    }
    this.show = opened.show;
    this.build(game);
    this.go(0);
  }

  /** Nothing to show: why, and a way to pick another file or go home. */
  private refuse(refused: Refusal): void {
    if (this.destroyed) return;
    this.refusal = refused;
    this.el.dataset.state = 'refused';
    const { words, rule, detail } = refused;
    fill(
      this.body,
      h(
        'section',
        { class: 'card replay-refused', role: 'alert', dataset: { testid: 'replay-error', rule: rule ?? '' } },
        h('h1', { text: t('replay.errors.title') }),
        rule ? h('p', {}, `${t('replay.errors.brokenRule')} `, h('code', { text: rule })) : null,
        h('p', { class: 'replay-message', text: words() }),
        detail ? h('p', { class: 'replay-message muted small' }, `${t('replay.errors.details')} `, h('span', { lang: 'en', text: detail })) : null,
        h(
          'div',
          { class: 'button-row' },
          h('button', {
            type: 'button',
            class: 'primary',
            text: t('replay.viewer.home'),
            dataset: { testid: 'replay-home' },
            on: { click: () => this.actions.home() },
          }),
        ),
      ),
    );
  }

  /** The language changed: every word of the viewer again, at the same step (the game's screen redraws its own). */
  private relanguage(): void {
    this.words.refresh();
    if (this.refusal) this.refuse(this.refusal);
    if (this.show) {
      this.fillPerspectives();
      this.go(this.step);
    }
  }

  private playText(): string {
    return this.timer ? t('replay.viewer.pause') : t('replay.viewer.play');
  }

  // ---- the viewer ---------------------------------------------------------------------------

  private build(game: AnyGameClient): void {
    const show = this.show!;
    this.el.dataset.state = 'ready';
    this.el.dataset.steps = String(show.steps);
    this.slider.max = String(show.steps - 1);
    this.slider.addEventListener('input', () => this.go(Number(this.slider.value)));
    const { words } = this;
    const perspective = words.bind(
      h('select', {
        class: 'replay-perspective',
        dataset: { testid: 'replay-perspective' },
        on: { change: (e) => this.setPerspective((e.target as HTMLSelectElement).value) },
      }),
      { label: () => t('replay.viewer.eyesLabel') },
    );
    this.perspectiveSelect = perspective;
    this.fillPerspectives();
    const speed = words.bind(
      h(
        'select',
        { class: 'replay-speed', dataset: { testid: 'replay-speed' }, on: { change: (e) => this.setSpeed(Number((e.target as HTMLSelectElement).value)) } },
        SPEEDS.map((s) => words.bind(h('option', { value: String(s), selected: s === this.speed }), { text: () => `${formatNumber(s)}×` })),
      ),
      { label: () => t('replay.viewer.speed') },
    );
    this.playButton.addEventListener('click', () => (this.timer ? this.pause() : this.play()));
    const control = (id: string, text: string, label: () => string, to: () => number) => {
      const button = words.bind(
        h('button', { type: 'button', class: 'small', text, dataset: { testid: `replay-${id}` }, on: { click: () => this.go(to()) } }),
        { title: label, label },
      );
      this.buttons[id] = button;
      return button;
    };
    const controls = words.bind(
      h(
        'div',
        { class: 'replay-controls', role: 'toolbar', dataset: { testid: 'replay-controls' } },
        control(
          'start',
          '⇤',
          () => t('replay.viewer.toStart'),
          () => 0,
        ),
        control(
          'turn-back',
          '«',
          () => t('replay.viewer.turnBack'),
          () => show.turnStep(this.step, -1),
        ),
        control(
          'back',
          '‹',
          () => t('replay.viewer.back'),
          () => this.step - 1,
        ),
        this.playButton,
        control(
          'forward',
          '›',
          () => t('replay.viewer.forward'),
          () => this.step + 1,
        ),
        control(
          'turn-forward',
          '»',
          () => t('replay.viewer.turnForward'),
          () => show.turnStep(this.step, 1),
        ),
        control(
          'end',
          '⇥',
          () => t('replay.viewer.toEnd'),
          () => show.steps - 1,
        ),
        this.slider,
        h('label', { class: 'replay-field' }, words.bind(h('span'), { text: () => t('replay.viewer.speed') }), speed),
        this.position,
      ),
      { label: () => t('replay.viewer.controls') },
    );
    const share = this.source.kind === 'room' ? this.shareField(this.source.code, this.source.game) : null;
    const source = this.source;
    this.language = new LanguageSwitcher(this.languageStorage);
    const header = h(
      'header',
      { class: 'replay-bar' },
      h('span', { class: 'brand', text: game.title }),
      words.bind(h('span', { class: 'replay-title' }), {
        text: () =>
          source.kind === 'room' ? t('replay.viewer.titleRoom', { code: source.code, game: source.game }) : t('replay.viewer.titleFile', { file: source.name }),
      }),
      h('label', { class: 'replay-field' }, words.bind(h('span'), { text: () => t('replay.viewer.eyes') }), perspective),
      share,
      this.language.el,
      words.bind(h('button', { type: 'button', class: 'quiet small', dataset: { testid: 'replay-home' }, on: { click: () => this.actions.home() } }), {
        text: () => t('replay.viewer.home'),
      }),
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

  /** The perspective menu's options, in the words of the language now (the choice kept). */
  private fillPerspectives(): void {
    const select = this.perspectiveSelect;
    if (!select || !this.show) return;
    fill(
      select,
      this.show.perspectives.map((p) => h('option', { value: p.value, text: p.label, selected: p.value === this.perspective })),
    );
    select.value = this.perspective;
  }

  private shareField(code: string, game: number): HTMLElement {
    const link = shareLink(this.endpoint, code, game);
    const input = this.words.bind(h('input', { type: 'text', readonly: true, value: link, class: 'replay-link', dataset: { testid: 'replay-link' } }), {
      label: () => t('replay.viewer.link'),
    });
    const copy = async () => {
      input.select();
      try {
        await navigator.clipboard.writeText(link);
        this.actions.notify(t('replay.viewer.copied'));
      } catch {
        this.actions.notify(t('replay.viewer.copyByHand'));
      }
    };
    const button = this.words.bind(h('button', { type: 'button', class: 'small', dataset: { testid: 'replay-copy-link' }, on: { click: () => void copy() } }), {
      text: () => t('replay.viewer.copyLink'),
    });
    return h('span', { class: 'replay-share' }, input, button);
  }

  private go(step: number): void {
    const show = this.show;
    if (!show) return;
    this.step = Math.max(0, Math.min(show.steps - 1, Math.round(step)));
    show.show(this.step, this.perspective);
    this.slider.value = String(this.step);
    this.el.dataset.step = String(this.step);
    this.position.textContent = t('replay.viewer.position', { where: show.describe(this.step), step: this.step + 1, count: show.steps });
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
    this.playButton.textContent = this.playText();
    this.el.dataset.playing = 'true';
  }

  private pause(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.playButton.textContent = this.playText();
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
