import { mangoku } from '@samurai/shared';
import type { TableSeatModel } from '../../../table/table-model';
import { fill, h } from '../../../ui/dom';
import { seatMark } from '../../../ui/seat-look';
import { optionLabel } from '../ui/room-options';

/**
 * The players in words: name and mark, coins, cards in hand, in or out of the campaign, whose
 * turn; the host lets a bot play for someone away, and a player a bot plays for takes the seat back.
 */
export class SeatsPanel {
  readonly el: HTMLElement;
  private readonly list: HTMLElement;
  private key = '';

  constructor(
    private readonly onStandIn: (seat: number) => void,
    private readonly onResume: () => void,
  ) {
    this.list = h('ol', { class: 'seat-cards mk-seats' });
    this.el = h('section', { class: 'panel seats-panel', 'aria-label': 'Players', dataset: { testid: 'seats' } }, this.list);
  }

  update(view: mangoku.GameView, seats: readonly TableSeatModel[], acting: number, isHost: boolean): void {
    const key = JSON.stringify([seats, view.coins, view.handCounts, view.inCampaign, acting, isHost, view.step.kind]);
    if (key === this.key) return;
    this.key = key;
    const over = view.step.kind === 'over';
    fill(
      this.list,
      seats.map((seat) =>
        h(
          'li',
          { class: `seat-card${seat.index === acting ? ' acting' : ''}${seat.isYou ? ' you' : ''}${view.inCampaign[seat.index] ? '' : ' out'}`, dataset: { testid: 'seat-card', seat: seat.index } },
          seatMark(seat.look, 24),
          h(
            'span',
            { class: 'seat-main' },
            h(
              'span',
              { class: 'seat-name' },
              seat.name || 'Open seat',
              seat.isYou ? h('span', { class: 'badge you', text: 'you' }) : null,
              seat.kind === 'bot' ? h('span', { class: 'badge bot', text: `bot · ${optionLabel('botLevel', seat.bot)}` }) : null,
              seat.kind === 'human' && (!seat.connected || seat.bot) ? h('span', { class: 'badge away', text: seat.bot ? (seat.connected ? 'bot plays' : 'away · bot plays') : 'away' }) : null,
              seat.kind === 'human' && seat.connected && seat.idle && !seat.bot ? h('span', { class: 'badge away idle', text: 'idle' }) : null,
            ),
            h(
              'span',
              { class: 'seat-status' },
              h('span', { text: `${view.coins[seat.index]} coins` }),
              h('span', { text: `${view.handCounts[seat.index]} cards` }),
              !view.inCampaign[seat.index] && !over ? h('span', { class: 'mk-out', text: 'out of the campaign' }) : null,
              seat.index === acting ? h('span', { class: 'mk-turn', text: 'turn' }) : null,
            ),
            isHost && seat.kind === 'human' && (!seat.connected || seat.idle) && !seat.bot && !over
              ? h('button', { type: 'button', class: 'quiet small', text: 'Let a bot play', dataset: { testid: 'stand-in' }, on: { click: () => this.onStandIn(seat.index) } })
              : null,
            seat.isYou && seat.bot && !over
              ? h('button', { type: 'button', class: 'primary small', text: 'I’m back: play my seat', dataset: { testid: 'resume' }, on: { click: () => this.onResume() } })
              : null,
          ),
        ),
      ),
    );
  }
}
