import { GameView, PIECES } from '@samurai/shared';
import { language, t } from '../../../i18n/i18n';
import { LiveWords } from '../../../i18n/live-words';
import { fill, h, setHidden } from '../../../ui/dom';
import { Selection, targets as targetsOf } from '../model/interaction';
import { casteName } from '../model/words';
import { pieceFace } from '../ui/faces';

/**
 * The pieces still to place while the players set them up (one button a caste, and how many are
 * left): the seat placing picks the caste its next piece is. Hidden once the play begins.
 */
export class SupplyPanel {
  readonly el: HTMLElement;
  private readonly words = new LiveWords();
  /** What it shows now: drawn again only when it changes. */
  private key = '';

  /** `choose` is told the caste picked, and whether by a key (a click's detail 0). */
  constructor(private readonly choose: (caste: number, viaKeyboard: boolean) => void) {
    this.el = this.words.bind(h('section', { class: 'panel supply-panel', dataset: { testid: 'supply' } }), {
      label: () => t('samurai.game.piecesToPlace'),
    });
  }

  relabel(): void {
    this.words.refresh();
  }

  show(view: GameView, seat: number, pending: boolean, selection: Selection): void {
    if (view.phase !== 'pieces') {
      setHidden(this.el, true);
      this.key = '';
      return;
    }
    setHidden(this.el, false);
    const mine = seat >= 0 && view.seat === seat;
    const available = PIECES.map((_, caste) => mine && !pending && targetsOf(view, seat, { kind: 'caste', caste }).length > 0);
    const key = JSON.stringify([language(), mine, available, view.supply, selection]);
    if (key === this.key) return;
    this.key = key;
    fill(
      this.el,
      h('h2', { class: 'panel-title', text: mine ? t('samurai.game.placeAPiece') : t('samurai.game.piecesToPlace') }),
      h(
        'div',
        { class: 'supply', role: 'radiogroup', 'aria-label': t('samurai.game.casteToPlace') },
        PIECES.map((_, caste) => {
          const selected = selection.kind === 'caste' && selection.caste === caste;
          return h(
            'button',
            {
              type: 'button',
              class: `supply-piece${selected ? ' selected' : ''}`,
              role: 'radio',
              'aria-checked': String(selected),
              disabled: !available[caste],
              dataset: { testid: 'supply-caste', caste },
              on: { click: (e: MouseEvent) => this.choose(caste, e.detail === 0) },
            },
            pieceFace(caste, 26),
            h('span', { text: `${casteName(caste)} ×${view.supply[caste]}` }),
          );
        }),
      ),
      mine ? h('p', { class: 'muted small', text: t('samurai.game.chooseCaste') }) : null,
    );
  }
}
