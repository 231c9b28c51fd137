import { GameView } from '@samurai/shared';
import { iconSvg } from '../board/icons';
import { SeatModel } from '../model/view-model';
import { CASTE_KEYS } from '../model/words';
import { language, t } from '../../../i18n/i18n';
import { fillChanged, h, morph, setAttr } from '../../../ui/dom';
import { seatMark } from '../../../ui/seat-look';
import { pieceFace } from '../ui/faces';
import { optionLabel } from '../ui/room-options';

/** One card per seat (name, mark, tiles in hand and stack, captures) and the pieces set aside. */
export class SeatsPanel {
  readonly el: HTMLElement;
  private readonly list: HTMLElement;
  private readonly aside: HTMLElement;
  private key = '';
  /** Each seat's card as drawn, and what it was drawn from: a step redraws only the seats it changed. */
  private readonly cards = new Map<number, { key: string; card: HTMLElement }>();

  /**
   * `onStandIn`: a bot is asked to play a seat: yours (anyone may step away), or, by the host,
   * that of a player who is away or idle;
   * `onResume`: you take your seat back from the bot playing it.
   */
  constructor(
    private readonly onStandIn: (seat: number) => void,
    private readonly onResume: () => void,
  ) {
    this.list = h('ol', { class: 'seat-cards' });
    this.aside = h('div', { class: 'aside-row', dataset: { testid: 'aside' } });
    this.el = h('section', { class: 'panel seats-panel', dataset: { testid: 'seats' } }, this.list, this.aside);
  }

  update(view: GameView, seats: readonly SeatModel[], actingSeat: number, isHost: boolean): void {
    const key = JSON.stringify([language(), seats, view.handCounts, view.stackCounts, view.captured, view.aside, actingSeat, view.phase, view.handChosen, isHost]);
    if (key === this.key) return;
    this.key = key;
    setAttr(this.el, 'aria-label', t('samurai.seats.players'));
    // Only the cards that changed are drawn and swapped in (a step changes one or two seats).
    fillChanged(
      this.list,
      seats.map((seat) => {
        const i = seat.index;
        const cardKey = JSON.stringify([language(), seat, view.handCounts[i], view.stackCounts[i], view.captured[i], i === actingSeat, view.phase, view.handChosen[i], isHost]);
        const drawn = this.cards.get(i);
        if (drawn?.key === cardKey) return drawn.card;
        const card = this.card(view, seat, actingSeat, isHost);
        // The card on show is made like the new one (its mark and captures, pictures, mostly stay):
        // its buttons' listeners name only this seat, which stays the card's.
        if (drawn) morph(drawn.card, card);
        this.cards.set(i, { key: cardKey, card: drawn?.card ?? card });
        return drawn?.card ?? card;
      }),
    );
    const asideTotal = view.aside[0] + view.aside[1] + view.aside[2];
    fillChanged(
      this.aside,
      h('span', { class: 'aside-label', text: t('samurai.seats.setAside') }),
      view.aside.map((n, c) => h('span', { class: 'tally-item' }, pieceFace(c, 16), h('b', { text: String(n) }))),
      h('span', { class: 'muted small', text: asideTotal >= 3 ? t('samurai.seats.fourthEnds') : '' }),
    );
  }

  /** One seat's card: name, mark, badges, tiles in hand and stack, captures. */
  private card(view: GameView, seat: SeatModel, actingSeat: number, isHost: boolean): HTMLElement {
    const captured = view.captured[seat.index];
    const status =
      view.phase === 'hands'
        ? h('span', { class: 'seat-status', text: view.handChosen[seat.index] ? t('samurai.seats.handChosen') : t('samurai.seats.choosing') })
        : h(
            'span',
            { class: 'seat-tiles', title: t('samurai.seats.tilesTitle', { hand: view.handCounts[seat.index], stack: view.stackCounts[seat.index] }) },
            h('span', { class: 'count' }, h('span', { class: 'mini-tile', 'aria-hidden': 'true' }), ` ${view.handCounts[seat.index]}`),
            h('span', { class: 'count muted' }, h('span', { class: 'mini-stack', 'aria-hidden': 'true' }), ` ${view.stackCounts[seat.index]}`),
          );
    const tally = captured
      ? h(
          'span',
          { class: 'tally', 'aria-label': captured.map((n, c) => t(`samurai.seats.tally.${CASTE_KEYS[c]}`, { count: n })).join(', ') },
          captured.map((n, c) => h('span', { class: 'tally-item' }, pieceFace(c, 18), h('b', { text: String(n) }))),
        )
      : h(
          'span',
          { class: 'tally hidden-tally', title: t('samurai.seats.hiddenTitle') },
          h('span', { class: 'icon', html: iconSvg('lock', '#a3b3c4') }),
          t('samurai.seats.hidden'),
        );
    return h(
      'li',
      {
        class: `seat-card${seat.index === actingSeat ? ' acting' : ''}${seat.isYou ? ' you' : ''}`,
        dataset: { testid: 'seat-card', seat: seat.index },
        style: { borderColor: seat.index === actingSeat ? `#${seat.look.color.toString(16).padStart(6, '0')}` : '' },
      },
      seatMark(seat.look, 26),
      h(
        'span',
        { class: 'seat-main' },
        h(
          'span',
          { class: 'seat-name' },
          seat.name || t('samurai.seats.open'),
          seat.isYou ? h('span', { class: 'badge you', text: t('samurai.seats.you') }) : null,
          seat.kind === 'bot' ? h('span', { class: 'badge bot', text: t('samurai.seats.bot', { level: optionLabel('botLevel', seat.bot) }) }) : null,
          seat.kind === 'human' && (!seat.connected || seat.bot)
            ? h('span', {
                class: seat.bot ? 'badge away stand-in' : 'badge away',
                text: seat.bot ? (seat.connected ? t('samurai.seats.botPlays') : t('samurai.seats.awayBotPlays')) : t('samurai.seats.away'),
                title: seat.bot ? t('samurai.seats.botPlaysTitle', { name: seat.name }) : undefined,
              })
            : null,
          seat.kind === 'human' && seat.connected && seat.idle && !seat.bot
            ? h('span', { class: 'badge away idle', text: t('samurai.seats.idle'), title: t('samurai.seats.idleTitle', { name: seat.name }) })
            : null,
        ),
        status,
        isHost && seat.kind === 'human' && (!seat.connected || seat.idle) && !seat.bot && view.phase !== 'over'
          ? h('button', {
              type: 'button',
              class: 'quiet small',
              text: t('samurai.seats.standIn'),
              title: t('samurai.seats.standInTitle', { name: seat.name }),
              dataset: { testid: 'stand-in' },
              on: { click: () => this.onStandIn(seat.index) },
            })
          : null,
        // Anyone may step away from a long game: the room's bot plays their seat until they take it back.
        seat.isYou && seat.kind === 'human' && !seat.bot && view.phase !== 'over' && !(isHost && (!seat.connected || seat.idle))
          ? h('button', {
              type: 'button',
              class: 'quiet small',
              text: t('samurai.seats.standInMe'),
              title: t('samurai.seats.standInMeTitle'),
              dataset: { testid: 'stand-in-me' },
              on: { click: () => this.onStandIn(seat.index) },
            })
          : null,
        seat.isYou && seat.bot && view.phase !== 'over'
          ? h('button', {
              type: 'button',
              class: 'primary small',
              text: t('samurai.seats.resume'),
              title: t('samurai.seats.resumeTitle'),
              dataset: { testid: 'resume' },
              on: { click: () => this.onResume() },
            })
          : null,
      ),
      tally,
    );
  }

  /** Where a captured piece flies: the winner's card, or the set-aside row. */
  target(seat: number | null): HTMLElement | null {
    if (seat === null) return this.aside;
    return this.list.querySelector<HTMLElement>(`[data-seat="${seat}"]`);
  }

  flash(seat: number | null): void {
    const el = this.target(seat);
    if (!el) return;
    el.classList.remove('flash');
    void el.offsetWidth; // restart the animation
    el.classList.add('flash');
  }
}
