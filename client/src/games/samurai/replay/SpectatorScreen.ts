/**
 * A spectator's game screen with a way to look back: the live screen, and a small bar to scrub
 * through the game so far (a spectator who joined late sees what happened before). What it shows
 * while looking back is rebuilt from the spectator's own model (scrubModel): public only.
 */
import type { GameScreenView } from '../../../table/game-client';
import { onLanguageChange, t } from '../../../i18n/i18n';
import { LiveWords } from '../../../i18n/live-words';
import { h } from '../../../ui/dom';
import { lookBackAnimates, LookBackPosition } from '../../../replay/step-animation';
import type { ViewModel } from '../model/view-model';
import { GameActions, GameScreen } from '../screen/GameScreen';
import { scrubModel, scrubRange } from './scrub-model';
import '../../../replay/replay.css';

export class SpectatorScreen implements GameScreenView<ViewModel> {
  readonly el: HTMLElement;
  readonly spectator = true;
  private readonly screen: GameScreen;
  private live: ViewModel;
  /** The log length shown; null while following the game live. */
  private looking: number | null = null;
  /** Where the screen was last shown (null before the first): only one step on animates. */
  private shownAt: LookBackPosition | null = null;
  private readonly bar: HTMLElement;
  private readonly words = new LiveWords();
  private readonly stopLanguage: () => void;
  private readonly slider = this.words.bind(h('input', { type: 'range', min: 0, max: 0, value: '0', dataset: { testid: 'scrub-slider' } }), {
    label: () => t('samurai.lookBack.slider'),
  });
  private readonly where = h('span', { class: 'scrub-where', 'aria-live': 'polite', dataset: { testid: 'scrub-where' } });
  private readonly liveButton = this.words.bind(h('button', { type: 'button', class: 'small primary', dataset: { testid: 'scrub-live' } }), {
    text: () => t('samurai.lookBack.live'),
  });

  constructor(actions: GameActions, vm: ViewModel) {
    this.live = vm;
    this.screen = new GameScreen(actions, vm);
    this.slider.addEventListener('input', () => this.lookAt(Number(this.slider.value)));
    this.liveButton.addEventListener('click', () => this.lookAt(null));
    const step = (by: number, label: () => string, testid: string) =>
      this.words.bind(
        h('button', {
          type: 'button',
          class: 'small',
          text: by < 0 ? '‹' : '›',
          dataset: { testid },
          on: { click: () => this.lookAt((this.looking ?? scrubRange(this.live)?.last ?? 0) + by) },
        }),
        { title: label, label },
      );
    this.bar = h(
      'div',
      { class: 'scrub-bar', role: 'toolbar', dataset: { testid: 'scrub' } },
      this.words.bind(h('span', { class: 'scrub-title' }), { text: () => t('samurai.lookBack.title') }),
      step(-1, () => t('samurai.lookBack.back'), 'scrub-back'),
      this.slider,
      step(1, () => t('samurai.lookBack.on'), 'scrub-forward'),
      this.liveButton,
      this.where,
    );
    this.words.bind(this.bar, { label: () => t('samurai.lookBack.title') });
    this.el = h('div', { class: 'spectator-screen' }, this.screen.el, this.bar);
    this.stopLanguage = onLanguageChange(() => {
      this.words.refresh();
      this.render();
    });
    this.render();
  }

  /** The live screen (tests and tools find the board through it). */
  get game(): GameScreen {
    return this.screen;
  }

  hexToClient(name: string) {
    return this.screen.hexToClient(name);
  }

  pieceToClient(name: string, caste: number) {
    return this.screen.pieceToClient(name, caste);
  }

  get boardView() {
    return this.screen.boardView;
  }

  update(vm: ViewModel): void {
    const sameGame = vm.game === this.live.game;
    this.live = vm;
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

  /** Looks at the game when its log held `entries` entries; null follows it live. */
  private lookAt(entries: number | null): void {
    const range = scrubRange(this.live);
    this.looking = range && entries !== null && entries < range.last ? Math.max(range.first, entries) : null;
    this.render();
  }

  private render(): void {
    const range = scrubRange(this.live);
    this.bar.hidden = !range || range.last <= range.first;
    if (!range) {
      this.looking = null;
      this.screen.update(this.live);
      this.shownAt = { index: 0, live: true };
      return;
    }
    const at = this.looking ?? range.last;
    this.slider.min = String(range.first);
    this.slider.max = String(range.last);
    this.slider.value = String(at);
    // Following the game live, the bar says so; the button that comes back to it shows only while looking back.
    this.liveButton.hidden = this.looking === null;
    this.el.dataset.looking = this.looking === null ? 'live' : String(this.looking);
    const turns = (vm: ViewModel) => vm.view?.turns.length ?? 0;
    const shown = this.looking === null ? this.live : scrubModel(this.live, this.looking);
    this.where.textContent = this.looking === null ? t('samurai.lookBack.live') : t('samurai.lookBack.after', { count: turns(this.live), shown: turns(shown) });
    // A step back or a jump is drawn at once; one step on, or the game going on, animates.
    const position = { index: at, live: this.looking === null };
    this.screen.update(shown, lookBackAnimates(this.shownAt, position));
    this.shownAt = position;
  }
}
