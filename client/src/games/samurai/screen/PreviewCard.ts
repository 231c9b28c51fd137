import { SETTLEMENTS } from '@samurai/shared';
import { Size } from '../board/hex-layout';
import { CapturePreview, PlayPreview } from '../model/preview';
import { SeatModel } from '../model/view-model';
import { CASTE_NAMES, placeLabelOf } from '../model/words';
import { fill, h } from '../../../ui/dom';
import { seatMark } from '../../../ui/seat-look';
import { pieceFace } from '../ui/faces';
import { CardPlacement } from './preview-placement';

/** How the player commits what the card shows (worded for the way they chose it). */
export type PreviewInput = 'mouse' | 'touch' | 'keyboard' | 'hint';

const COMMIT_HINT: Readonly<Record<PreviewInput, string>> = {
  mouse: 'Click to play it.',
  touch: 'Tap it again to play it.',
  keyboard: 'Enter plays it, Escape steps back.',
  hint: 'Play makes it, or choose the highlighted place yourself.',
};

/**
 * A play before it is made: for each settlement it changes, each player's influence on each piece
 * (before → after) and who leads, the land left open, the surround it completes, and who would
 * capture what. Over the board, so it shows on a phone too.
 */
export class PreviewCard {
  readonly el: HTMLElement;
  private key = '';

  constructor(
    private readonly onPlay: () => void,
    private readonly onCancel: () => void,
  ) {
    this.el = h('section', { class: 'preview-card', hidden: true, 'aria-live': 'polite', 'aria-label': 'What this play would do', dataset: { testid: 'preview' } });
  }

  /** Its size as it would show with room enough (the last placement's height limit lifted). */
  naturalSize(): Size {
    this.el.style.maxHeight = '';
    return { width: this.el.offsetWidth, height: this.el.offsetHeight };
  }

  /** Puts the card in a corner of the board, no taller than the placement allows (it scrolls). */
  place(placement: CardPlacement): void {
    this.el.dataset.corner = `${placement.vertical}-${placement.horizontal}`;
    this.el.style.maxHeight = `${placement.maxHeight}px`;
  }

  show(preview: PlayPreview | null, title: string, seats: readonly SeatModel[], you: number, input: PreviewInput): void {
    const key = preview ? JSON.stringify([title, preview.settlements, preview.captures, input, seats.map((s) => s.name)]) : '';
    if (key === this.key) return;
    this.key = key;
    this.el.hidden = !preview;
    if (!preview) {
      fill(this.el);
      delete this.el.dataset.hexes;
      return;
    }
    const name = (seat: number) => (seat === you ? 'You' : seats[seat]?.name || `Seat ${seat + 1}`);
    this.el.dataset.hexes = preview.hexes.join(' ');
    fill(
      this.el,
      h('h3', { class: 'preview-title', text: title }),
      preview.settlements.length === 0 ? h('p', { class: 'muted small', text: 'It borders no settlement: no influence changes.' }) : null,
      h(
        'ul',
        { class: 'preview-places' },
        preview.settlements.map((s) =>
          h(
            'li',
            { dataset: { testid: 'preview-settlement', settlement: s.settlement } },
            h('strong', { text: capitalised(placeLabelOf(SETTLEMENTS[s.settlement].hex)) }),
            h('span', { class: `open-land open-${Math.min(s.openAfter, 3)}`, text: ` ${openText(s.openBefore, s.openAfter, s.surrounds)}` }),
            h(
              'table',
              { class: 'influence preview-influence' },
              h(
                'tbody',
                {},
                s.pieces.map((piece) =>
                  h(
                    'tr',
                    { dataset: { caste: piece.caste } },
                    h('th', { scope: 'row' }, pieceFace(piece.caste, 16), ` ${CASTE_NAMES[piece.caste]}`),
                    seats.map((seat) => {
                      const before = piece.before[seat.index] ?? 0;
                      const after = piece.after[seat.index] ?? 0;
                      const changed = before !== after;
                      return h(
                        'td',
                        {
                          class: `${changed ? 'changed' : ''}${piece.leaderAfter === seat.index ? ' leads' : ''}`,
                          title: `${seat.name}: ${before}${changed ? ` → ${after}` : ''}`,
                          dataset: { seat: seat.index, before, after },
                        },
                        seatMark(seat.look, 12),
                        changed ? ` ${before}→${after}` : ` ${after}`,
                      );
                    }),
                  ),
                ),
              ),
            ),
          ),
        ),
      ),
      preview.captures.length
        ? h(
            'p',
            { class: 'preview-captures', dataset: { testid: 'preview-captures' } },
            h('strong', { text: preview.capturesWhen === 'now' ? 'At once: ' : 'When the turn ends: ' }),
            preview.captures.map((c) => captureText(c, name)).join(' '),
          )
        : null,
      h('p', { class: 'muted small preview-hint', text: COMMIT_HINT[input] }),
      h(
        'div',
        { class: 'button-row' },
        h('button', { type: 'button', class: 'primary small', text: 'Play', dataset: { testid: 'preview-play' }, on: { click: () => this.onPlay() } }),
        h('button', { type: 'button', class: 'quiet small', text: 'Cancel', dataset: { testid: 'preview-cancel' }, on: { click: () => this.onCancel() } }),
      ),
    );
  }
}

function capitalised(text: string): string {
  return text.replace(/^./, (c) => c.toUpperCase());
}

function openText(before: number, after: number, surrounds: boolean): string {
  if (surrounds) return '— surrounded: its pieces will be judged.';
  if (before === after) return '';
  return `— ${after} land ${after === 1 ? 'hex' : 'hexes'} left open.`;
}

function captureText(c: CapturePreview, name: (seat: number) => string): string {
  const what = `the ${CASTE_NAMES[c.caste]} of ${placeLabelOf(SETTLEMENTS[c.settlement].hex)}`;
  if (c.seat === null) return `${capitalised(what)} is set aside (a tie).`;
  const who = name(c.seat);
  return `${who} ${who === 'You' ? 'take' : 'takes'} ${what}.`;
}
