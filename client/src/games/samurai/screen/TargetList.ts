import { GameView, HEXES } from '@samurai/shared';
import { t } from '../../../i18n/i18n';
import { LiveWords } from '../../../i18n/live-words';
import { fill, h } from '../../../ui/dom';
import type { Target } from '../model/interaction';
import { ScreenState, targetText } from '../model/screen-state';

/**
 * The board's targets as a list of buttons, for screen readers (visually hidden): where the
 * chosen tile or piece may go, each in words, the keyboard's focus marked.
 */
export class TargetList {
  readonly el: HTMLElement;
  private readonly words = new LiveWords();

  constructor(private readonly choose: (target: Target) => void) {
    this.el = this.words.bind(h('ul', { class: 'sr-only target-list', dataset: { testid: 'targets' } }), { label: () => t('samurai.game.targets') });
  }

  relabel(): void {
    this.words.refresh();
  }

  show(view: GameView, state: ScreenState): void {
    fill(
      this.el,
      state.targets.map((target, i) =>
        h(
          'li',
          {},
          h('button', {
            type: 'button',
            text: targetText(view, state.selection, target),
            dataset: { testid: 'target', hex: HEXES[target.hex].name, caste: target.caste },
            'aria-current': i === state.focus ? 'true' : undefined,
            on: { click: () => this.choose(target) },
          }),
        ),
      ),
    );
  }
}
