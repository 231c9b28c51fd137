import { boardFor, GameView, HEXES, influence, openLand, SETTLEMENTS } from '@samurai/shared';
import { castesIn } from '../board/hex-layout';
import { SeatModel } from '../model/view-model';
import { capitalised, casteName, placeLabel } from '../model/words';
import { language, t } from '../../../i18n/i18n';
import { fill, h } from '../../../ui/dom';
import { seatMark } from '../../../ui/seat-look';
import { pieceFace } from '../ui/faces';

/** A settlement up close: each player's influence on each of its pieces, and the land still open. */
export class Inspector {
  readonly el: HTMLElement;
  private key = '';

  constructor(testid = 'inspector') {
    this.el = h('section', { class: 'panel inspector', 'aria-live': 'polite', dataset: { testid } });
    this.show(null, [], -1);
  }

  show(view: GameView | null, seats: readonly SeatModel[], settlement: number): void {
    // Drawn again only when what it shows changed (a replay step rarely changes the settlement looked at).
    const key = JSON.stringify(
      view && settlement >= 0
        ? [language(), settlement, view.phase, view.pieces[settlement], influence(view, settlement), openLand(view, settlement)]
        : [language()],
    );
    if (key === this.key) return;
    this.key = key;
    if (!view || settlement < 0) {
      fill(this.el, h('p', { class: 'muted small', text: t('samurai.inspector.help') }));
      return;
    }
    const hex = HEXES[SETTLEMENTS[settlement].hex];
    const land = boardFor(view.players).settlementLand[settlement].length;
    const open = openLand(view, settlement);
    const mask = view.pieces[settlement];
    const sums = influence(view, settlement);
    const title = h('h3', { text: capitalised(placeLabel(hex.name)) });
    const openLine = h(
      'p',
      { class: `open-land open-${Math.min(open, 3)}`, dataset: { testid: 'open-land' } },
      mask === 0 ? emptyLine(view) : open === 0 ? t('samurai.inspector.surrounded') : t('samurai.inspector.open', { count: open, land }),
    );
    if (mask === 0) {
      fill(this.el, title, openLine);
      return;
    }
    const table = h(
      'table',
      { class: 'influence' },
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col', text: t('samurai.inspector.piece') }),
          seats.map((s) => h('th', { scope: 'col', title: s.name }, seatMark(s.look, 16), h('span', { class: 'sr-only', text: s.name }))),
        ),
      ),
      h(
        'tbody',
        {},
        castesIn(mask).map((c) => {
          const values = sums.map((perSeat) => perSeat[c]);
          const best = Math.max(...values);
          const leaders = values.filter((v) => v === best).length;
          return h(
            'tr',
            {},
            h('th', { scope: 'row' }, pieceFace(c, 18), ` ${casteName(c)}`),
            values.map((v) => h('td', { class: v === best && v > 0 ? (leaders === 1 ? 'leads' : 'ties') : '', text: String(v) })),
          );
        }),
      ),
    );
    fill(this.el, title, openLine, table, h('p', { class: 'muted small', text: t('samurai.inspector.influence') }));
  }
}

/** A settlement with no piece: none placed yet during setup, or all of them captured or set aside since. */
function emptyLine(view: GameView): string {
  return view.phase === 'hands' || view.phase === 'pieces' ? t('samurai.inspector.noPiecesYet') : t('samurai.inspector.gone');
}
