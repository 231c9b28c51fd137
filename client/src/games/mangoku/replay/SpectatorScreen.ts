/**
 * A Mangoku spectator's game screen with a way to look back: the live card table, and a small bar
 * to step through the game so far, turn by turn (a spectator who joined late sees what happened
 * before). What it shows while looking back is rebuilt from the spectator's own model
 * (scrubModel): public information only. Loaded with the card table, and only for spectators.
 */
import { h } from '../../../ui/dom';
import { lookBackAnimates, LookBackPosition } from '../../../replay/step-animation';
import { onLanguageChange, t } from '../../../i18n/i18n';
import { LiveWords } from '../../../i18n/live-words';
import type { MangokuModel } from '../model/view-model';
import { GameActions, GameScreen } from '../screen/GameScreen';
import { scrubLabel, scrubModel, scrubRange } from './scrub-model';
import '../../../replay/replay.css';

export class SpectatorScreen {
  readonly el: HTMLElement;
  readonly spectator = true;
  private readonly screen: GameScreen;
  private live: MangokuModel;
  /** The log length shown; null while following the game live. */
  private looking: number | null = null;
  /** Where the screen was last shown (null before the first): only one moment on animates. */
  private shownAt: LookBackPosition | null = null;
  private readonly bar: HTMLElement;
  private readonly words = new LiveWords();
  private readonly stopLanguage: () => void;
  private readonly slider = this.words.bind(h('input', { type: 'range', min: 0, max: 0, value: '0', dataset: { testid: 'scrub-slider' } }), {
    label: () => t('mangoku.lookBack.slider'),
  });
  private readonly where = h('span', { class: 'scrub-where', 'aria-live': 'polite', dataset: { testid: 'scrub-where' } });
  private readonly liveButton = this.words.bind(h('button', { type: 'button', class: 'small primary', dataset: { testid: 'scrub-live' } }), {
    text: () => t('mangoku.lookBack.live'),
  });
  private readonly backButton: HTMLButtonElement;
  private readonly forwardButton: HTMLButtonElement;

  constructor(actions: GameActions, model: MangokuModel) {
    this.live = model;
    this.screen = new GameScreen(actions, model);
    // The slider runs over the moments between turns, the live game last.
    this.slider.addEventListener('input', () => this.lookAtIndex(Number(this.slider.value)));
    this.liveButton.addEventListener('click', () => this.lookAt(null));
    const step = (by: 1 | -1, label: () => string, testid: string) =>
      this.words.bind(
        h('button', {
          type: 'button',
          class: 'small',
          text: by < 0 ? '‹' : '›',
          dataset: { testid },
          on: { click: () => this.lookAtIndex(this.index() + by) },
        }),
        { title: label, label },
      );
    this.backButton = step(-1, () => t('mangoku.lookBack.back'), 'scrub-back');
    this.forwardButton = step(1, () => t('mangoku.lookBack.on'), 'scrub-forward');
    this.bar = h(
      'div',
      { class: 'scrub-bar', role: 'toolbar', dataset: { testid: 'scrub' } },
      this.words.bind(h('span', { class: 'scrub-title' }), { text: () => t('mangoku.lookBack.title') }),
      this.backButton,
      this.slider,
      this.forwardButton,
      this.liveButton,
      this.where,
    );
    this.words.bind(this.bar, { label: () => t('mangoku.lookBack.title') });
    this.el = h('div', { class: 'spectator-screen' }, this.screen.el, this.bar);
    this.stopLanguage = onLanguageChange(() => {
      this.words.refresh();
      this.render();
    });
    this.render();
  }

  /** The card table's screen (tests and tools find the table through it). */
  get game(): GameScreen {
    return this.screen;
  }

  update(model: MangokuModel): void {
    const sameGame = model.game === this.live.game;
    this.live = model;
    // A new game (a rematch) starts live again.
    if (!sameGame) this.looking = null;
    this.render();
  }

  refused(): void {
    this.screen.refused();
  }

  destroy(): void {
    this.stopLanguage();
    this.screen.destroy();
    this.el.remove();
  }

  /** Where the slider stands: the index of the point shown, or one past the last for the live game. */
  private index(): number {
    const range = scrubRange(this.live);
    if (!range || this.looking === null) return range?.points.length ?? 0;
    return range.points.indexOf(this.looking);
  }

  private lookAtIndex(index: number): void {
    const points = scrubRange(this.live)?.points ?? [];
    this.lookAt(index >= points.length ? null : points[Math.max(0, index)]);
  }

  /** Looks at the game when its log held `entries` entries (a point of scrubRange); null follows it live. */
  private lookAt(entries: number | null): void {
    const range = scrubRange(this.live);
    this.looking = range && entries !== null && range.points.includes(entries) ? entries : null;
    this.render();
  }

  private render(): void {
    // Once the game is over its ranking covers the table, and offers the whole game to watch again.
    const range = this.live.phase === 'over' ? null : scrubRange(this.live);
    this.bar.hidden = !range;
    if (!range) {
      this.looking = null;
      this.screen.update(this.live);
      this.shownAt = { index: 0, live: true };
      return;
    }
    // The game goes on while one looks back: the moment looked at stays (the log only grows).
    if (this.looking !== null && !range.points.includes(this.looking)) this.looking = null;
    const index = this.index();
    this.slider.min = '0';
    this.slider.max = String(range.points.length);
    this.slider.value = String(index);
    this.backButton.disabled = index === 0;
    this.forwardButton.disabled = this.looking === null;
    // Following the game live, the bar says so; the button that comes back to it shows only while looking back.
    this.liveButton.hidden = this.looking === null;
    this.el.dataset.looking = this.looking === null ? 'live' : String(this.looking);
    const shown = this.looking === null ? this.live : scrubModel(this.live, this.looking);
    this.where.textContent = this.looking === null ? t('mangoku.lookBack.live') : scrubLabel(shown.view!);
    // A step back or a jump is drawn at once; one moment on, or the game going on, animates.
    const at = { index, live: this.looking === null };
    this.screen.update(shown, lookBackAnimates(this.shownAt, at));
    this.shownAt = at;
  }
}
