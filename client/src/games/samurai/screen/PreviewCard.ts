import { SETTLEMENTS } from '@samurai/shared';
import { Size } from '../board/hex-layout';
import { CapturePreview, PlayPreview } from '../model/preview';
import type { PreviewInput } from '../model/screen-state';
import { SeatModel } from '../model/view-model';
import { capitalised, casteName, castePhrase, placeLabelOf } from '../model/words';
import { language, t } from '../../../i18n/i18n';
import { fill, h } from '../../../ui/dom';
import { seatMark } from '../../../ui/seat-look';
import { pieceFace } from '../ui/faces';
import { CardPlacement } from './preview-placement';

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
    this.el = h('section', { class: 'preview-card', hidden: true, 'aria-live': 'polite', dataset: { testid: 'preview' } });
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
    const key = preview ? JSON.stringify([language(), title, preview.settlements, preview.captures, input, seats.map((s) => s.name)]) : '';
    if (key === this.key) return;
    this.key = key;
    this.el.hidden = !preview;
    if (!preview) {
      fill(this.el);
      delete this.el.dataset.hexes;
      return;
    }
    this.el.setAttribute('aria-label', t('samurai.preview.label'));
    const name = (seat: number) => (seat === you ? null : seats[seat]?.name || t('samurai.seat', { n: seat + 1 }));
    this.el.dataset.hexes = preview.hexes.join(' ');
    fill(
      this.el,
      h('h3', { class: 'preview-title', text: title }),
      preview.settlements.length === 0 ? h('p', { class: 'muted small', text: t('samurai.preview.noSettlement') }) : null,
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
                    h('th', { scope: 'row' }, pieceFace(piece.caste, 16), ` ${casteName(piece.caste)}`),
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
            h('strong', { text: preview.capturesWhen === 'now' ? t('samurai.preview.now') : t('samurai.preview.endOfTurn') }),
            preview.captures.map((c) => captureText(c, name)).join(' '),
          )
        : null,
      h('p', { class: 'muted small preview-hint', text: t(`samurai.preview.${input}`) }),
      h(
        'div',
        { class: 'button-row' },
        h('button', {
          type: 'button',
          class: 'primary small',
          text: t('samurai.preview.play'),
          dataset: { testid: 'preview-play' },
          on: { click: () => this.onPlay() },
        }),
        h('button', {
          type: 'button',
          class: 'quiet small',
          text: t('samurai.preview.cancel'),
          dataset: { testid: 'preview-cancel' },
          on: { click: () => this.onCancel() },
        }),
      ),
    );
  }
}

function openText(before: number, after: number, surrounds: boolean): string {
  if (surrounds) return t('samurai.preview.surrounded');
  if (before === after) return '';
  return t('samurai.preview.open', { count: after });
}

function captureText(c: CapturePreview, name: (seat: number) => string | null): string {
  const place = placeLabelOf(SETTLEMENTS[c.settlement].hex, 'of');
  if (c.seat === null) return t('samurai.preview.setAside', { piece: capitalised(castePhrase(c.caste, 'subject')), place });
  const who = name(c.seat);
  const piece = castePhrase(c.caste, 'the');
  return who === null ? t('samurai.preview.youTake', { piece, place }) : t('samurai.preview.takes', { name: who, piece, place });
}
