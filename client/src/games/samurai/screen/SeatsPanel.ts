import { GameView } from '@samurai/shared';
import { iconSvg } from '../board/icons';
import { SeatModel } from '../model/view-model';
import { CASTE_KEYS } from '../model/words';
import { language, listOf, t } from '../../../i18n/i18n';
import { fillChanged, h, setAttr, setText } from '../../../ui/dom';
import { seatMark } from '../../../ui/seat-look';
import { pieceFace } from '../ui/faces';
import { optionLabel } from '../ui/room-options';

/** One card per seat (name, mark, tiles in hand and stack, captures) and the pieces set aside. */
export class SeatsPanel {
  readonly el: HTMLElement;
  private readonly list: HTMLElement;
  private readonly aside: HTMLElement;
  private key = '';
  private asideKey = '';
  /** Each seat's card as drawn: a step changes one or two seats, and in those a count or two. */
  private readonly cards = new Map<number, SeatCard>();

  /**
   * `onStandIn`: a bot is asked to play a seat: yours (anyone may step away), or, by the host,
   * that of a player who is away or idle;
   * `onResume`: you take your seat back from the bot playing it;
   * `clockOf`: the seat's clock, which its card carries (none without a table's clock).
   */
  constructor(
    private readonly onStandIn: (seat: number) => void,
    private readonly onResume: () => void,
    private readonly clockOf: (seat: number) => HTMLElement | null = () => null,
  ) {
    this.list = h('ol', { class: 'seat-cards' });
    this.aside = h('div', { class: 'aside-row', dataset: { testid: 'aside' } });
    this.el = h('section', { class: 'panel seats-panel', dataset: { testid: 'seats' } }, this.list, this.aside);
  }

  /** `controls` false: no buttons to act with (a replay watched through a seat's eyes). */
  update(view: GameView, seats: readonly SeatModel[], actingSeat: number, isHost: boolean, controls = true): void {
    const key = JSON.stringify([
      language(),
      seats,
      view.handCounts,
      view.stackCounts,
      view.captured,
      view.aside,
      actingSeat,
      view.phase,
      view.handChosen,
      isHost,
      controls,
    ]);
    if (key === this.key) return;
    this.key = key;
    setAttr(this.el, 'aria-label', t('samurai.seats.players'));
    fillChanged(
      this.list,
      seats.map((seat) => {
        let card = this.cards.get(seat.index);
        if (!card) {
          card = new SeatCard(seat.index, this.onStandIn, this.onResume, this.clockOf(seat.index));
          this.cards.set(seat.index, card);
        }
        card.update(view, seat, actingSeat, isHost, controls);
        return card.el;
      }),
    );
    const asideKey = JSON.stringify([language(), view.aside]);
    if (asideKey === this.asideKey) return;
    this.asideKey = asideKey;
    const asideTotal = view.aside[0] + view.aside[1] + view.aside[2];
    fillChanged(
      this.aside,
      h('span', { class: 'aside-label', text: t('samurai.seats.setAside') }),
      view.aside.map((n, c) => h('span', { class: 'tally-item' }, pieceFace(c, 16), h('b', { text: String(n) }))),
      h('span', { class: 'muted small', text: asideTotal >= 3 ? t('samurai.seats.fourthEnds') : '' }),
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

/**
 * One seat's card: mark, name and badges, tiles in hand and stack, its buttons, captures. Each part
 * is drawn again only when what it shows changed, and the counts are changed in place: a replay
 * step (one a frame) then lays out and paints a number or two, not the card.
 */
class SeatCard {
  readonly el: HTMLLIElement;
  private key = '';
  private border = '';
  private readonly main = h('span', { class: 'seat-main' });
  /** The name line, and the seat's clock at its end. */
  private readonly head = h('span', { class: 'seat-head' });
  private mark = new Part();
  private name = new Part();
  private status = new Part();
  /** The hand's and the stack's count as shown (null while the status says whether a hand is chosen). */
  private counts: { readonly title: HTMLElement; readonly hand: Text; readonly stack: Text } | null = null;
  private buttons = new Part();
  private tally = new Part();
  /** The number under each caste's piece (null while the tally is hidden). */
  private tallies: HTMLElement[] | null = null;

  constructor(
    private readonly index: number,
    private readonly onStandIn: (seat: number) => void,
    private readonly onResume: () => void,
    private readonly clock: HTMLElement | null,
  ) {
    this.el = h('li', { class: 'seat-card', dataset: { testid: 'seat-card', seat: index } });
  }

  update(view: GameView, seat: SeatModel, actingSeat: number, isHost: boolean, controls: boolean): void {
    const i = this.index;
    const lang = language();
    const acting = i === actingSeat;
    const assembled = this.el.firstChild !== null;
    const key = JSON.stringify([
      lang,
      seat,
      view.handCounts[i],
      view.stackCounts[i],
      view.captured[i],
      acting,
      view.phase,
      view.handChosen[i],
      isHost,
      controls,
    ]);
    if (key === this.key) return;
    this.key = key;
    // Its class set again, as drawn anew (a flash under way ends with it).
    setAttr(this.el, 'class', `seat-card${acting ? ' acting' : ''}${seat.isYou ? ' you' : ''}`);
    // Its border only when it changes: a style set again is a style to work out again.
    const border = acting ? `#${seat.look.color.toString(16).padStart(6, '0')}` : '';
    if (border !== this.border) {
      this.border = border;
      if (border) this.el.style.borderColor = border;
      // Asked first: Chromium writes a style set through the CSSOM into the attribute only when
      // the attribute is read, and a removal before that leaves an empty one behind.
      else if (this.el.hasAttribute('style')) this.el.removeAttribute('style');
    }

    const look = seat.look;
    this.mark.show(JSON.stringify(look), () => [seatMark(look, 26)]);
    this.name.show(JSON.stringify([lang, seat.name, seat.isYou, seat.kind, seat.bot, seat.connected, seat.idle]), () => [this.nameLine(seat)]);
    const choosing = view.phase === 'hands';
    this.status.show(JSON.stringify([lang, choosing, choosing && view.handChosen[i]]), () => [this.statusLine(view, choosing)]);
    if (this.counts) {
      const hand = view.handCounts[i];
      const stack = view.stackCounts[i];
      setAttr(this.counts.title, 'title', t('samurai.seats.tilesTitle', { hand, stack }));
      setText(this.counts.hand, ` ${hand}`);
      setText(this.counts.stack, ` ${stack}`);
    }
    // Nothing to act on once the game is over, nor in a replay.
    const over = view.phase === 'over' || !controls;
    // The buttons end the card's middle: with none shown before, new ones go there.
    this.buttons.show(
      JSON.stringify([lang, seat.name, seat.isYou, seat.kind, seat.bot, seat.connected, seat.idle, isHost, over]),
      () => this.buttonsOf(seat, isHost, over),
      assembled ? (nodes) => this.main.append(...nodes) : undefined,
    );
    const captured = view.captured[i];
    this.tally.show(JSON.stringify([lang, !captured]), () => [this.tallyOf(captured)]);
    if (captured && this.tallies) {
      setAttr(this.tally.nodes[0], 'aria-label', listOf(captured.map((n, c) => t(`samurai.seats.tally.${CASTE_KEYS[c]}`, { count: n }))));
      captured.forEach((n, c) => setText(this.tallies![c].firstChild!, String(n)));
    }
    if (!assembled) {
      this.head.append(...this.name.nodes);
      this.main.append(this.head, ...this.status.nodes, ...this.buttons.nodes);
      this.el.append(...this.mark.nodes, this.main, ...this.tally.nodes);
    }
    // Put back where another screen took it (a spectator's screen built anew as a player's).
    if (this.clock && this.clock.parentNode !== this.head) this.head.append(this.clock);
  }

  private nameLine(seat: SeatModel): HTMLElement {
    return h(
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
    );
  }

  /** Whether the hand is chosen (while hands are chosen), else the tiles in hand and stack, their numbers filled in by `update`. */
  private statusLine(view: GameView, choosing: boolean): HTMLElement {
    if (choosing) {
      this.counts = null;
      return h('span', { class: 'seat-status', text: view.handChosen[this.index] ? t('samurai.seats.handChosen') : t('samurai.seats.choosing') });
    }
    const hand = document.createTextNode('');
    const stack = document.createTextNode('');
    const title = h(
      'span',
      { class: 'seat-tiles', title: '' },
      h('span', { class: 'count' }, h('span', { class: 'mini-tile', 'aria-hidden': 'true' }), hand),
      h('span', { class: 'count muted' }, h('span', { class: 'mini-stack', 'aria-hidden': 'true' }), stack),
    );
    this.counts = { title, hand, stack };
    return title;
  }

  private buttonsOf(seat: SeatModel, isHost: boolean, over: boolean): HTMLElement[] {
    const buttons: HTMLElement[] = [];
    if (isHost && seat.kind === 'human' && (!seat.connected || seat.idle) && !seat.bot && !over) {
      buttons.push(
        h('button', {
          type: 'button',
          class: 'quiet small',
          text: t('samurai.seats.standIn'),
          title: t('samurai.seats.standInTitle', { name: seat.name }),
          dataset: { testid: 'stand-in' },
          on: { click: () => this.onStandIn(seat.index) },
        }),
      );
    }
    // Anyone may step away from a long game: the room's bot plays their seat until they take it back.
    if (seat.isYou && seat.kind === 'human' && !seat.bot && !over && !(isHost && (!seat.connected || seat.idle))) {
      buttons.push(
        h('button', {
          type: 'button',
          class: 'quiet small',
          text: t('samurai.seats.standInMe'),
          title: t('samurai.seats.standInMeTitle'),
          dataset: { testid: 'stand-in-me' },
          on: { click: () => this.onStandIn(seat.index) },
        }),
      );
    }
    if (seat.isYou && seat.bot && !over) {
      buttons.push(
        h('button', {
          type: 'button',
          class: 'primary small',
          text: t('table.resume'),
          title: t('table.resumeTitle'),
          dataset: { testid: 'resume' },
          on: { click: () => this.onResume() },
        }),
      );
    }
    return buttons;
  }

  /** The pieces the seat captured (their numbers filled in by `update`), or a lock while they are hidden. */
  private tallyOf(captured: readonly number[] | null): HTMLElement {
    if (!captured) {
      this.tallies = null;
      return h(
        'span',
        { class: 'tally hidden-tally', title: t('samurai.seats.hiddenTitle') },
        h('span', { class: 'icon', html: iconSvg('lock', '#a3b3c4') }),
        t('samurai.seats.hidden'),
      );
    }
    this.tallies = captured.map(() => h('b', {}, ''));
    return h(
      'span',
      { class: 'tally', 'aria-label': '' },
      this.tallies.map((count, c) => h('span', { class: 'tally-item' }, pieceFace(c, 18), count)),
    );
  }
}

/** Nodes that show one thing: drawn again, in the same place, only when the key of what they show changes. */
class Part {
  key: string | null = null;
  nodes: Element[] = [];

  /** `insert` places new nodes where none were shown. */
  show(key: string, draw: () => Element[], insert?: (nodes: Element[]) => void): void {
    if (key === this.key) return;
    this.key = key;
    const next = draw();
    const [first, ...rest] = this.nodes;
    if (first?.parentNode) {
      first.replaceWith(...next);
      for (const node of rest) node.remove();
    } else if (insert && next.length) insert(next);
    this.nodes = next;
  }
}
