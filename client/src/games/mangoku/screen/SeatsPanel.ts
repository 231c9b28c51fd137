import { mangoku } from '@samurai/shared';
import { language, t } from '../../../i18n/i18n';
import { coinsWord } from '../model/words';
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

  /** `clockOf`: the seat's clock, which its card carries (none without a table's clock). */
  constructor(
    private readonly onStandIn: (seat: number) => void,
    private readonly onResume: () => void,
    private readonly clockOf: (seat: number) => HTMLElement | null = () => null,
  ) {
    this.list = h('ol', { class: 'seat-cards mk-seats' });
    this.el = h('section', { class: 'panel seats-panel', dataset: { testid: 'seats' } }, this.list);
  }

  update(view: mangoku.GameView, seats: readonly TableSeatModel[], turn: number, isHost: boolean): void {
    const key = JSON.stringify([language(), seats, view.coins, view.handCounts, view.inCampaign, turn, isHost, view.step.kind]);
    if (key === this.key) return;
    this.key = key;
    this.el.setAttribute('aria-label', t('mangoku.seats.players'));
    const over = view.step.kind === 'over';
    fill(
      this.list,
      seats.map((seat) =>
        h(
          'li',
          {
            class: `seat-card${seat.index === turn ? ' acting' : ''}${seat.isYou ? ' you' : ''}${view.inCampaign[seat.index] ? '' : ' out'}`,
            dataset: { testid: 'seat-card', seat: seat.index },
          },
          seatMark(seat.look, 24),
          h(
            'span',
            { class: 'seat-main' },
            h(
              'span',
              { class: 'seat-head' },
              h(
                'span',
                { class: 'seat-name' },
                seat.name || t('mangoku.seats.open'),
                seat.isYou ? h('span', { class: 'badge you', text: t('mangoku.seats.you') }) : null,
                seat.kind === 'bot' ? h('span', { class: 'badge bot', text: t('mangoku.seats.botLevel', { level: optionLabel('botLevel', seat.bot) }) }) : null,
                seat.kind === 'human' && (!seat.connected || seat.bot)
                  ? h('span', {
                      class: 'badge away',
                      text: seat.bot ? (seat.connected ? t('mangoku.seats.botPlays') : t('mangoku.seats.awayBotPlays')) : t('mangoku.seats.away'),
                    })
                  : null,
                seat.kind === 'human' && seat.connected && seat.idle && !seat.bot
                  ? h('span', { class: 'badge away idle', text: t('mangoku.seats.idle') })
                  : null,
              ),
              this.clockOf(seat.index),
            ),
            h(
              'span',
              { class: 'seat-status' },
              h('span', { text: coinsWord(view.coins[seat.index]) }),
              h('span', { text: t('mangoku.seats.cards', { count: view.handCounts[seat.index] }) }),
              !view.inCampaign[seat.index] && !over ? h('span', { class: 'mk-out', text: t('mangoku.seats.out') }) : null,
              seat.index === turn ? h('span', { class: 'mk-turn', text: t('mangoku.seats.turn') }) : null,
            ),
            isHost && seat.kind === 'human' && (!seat.connected || seat.idle) && !seat.bot && !over
              ? h('button', {
                  type: 'button',
                  class: 'quiet small',
                  text: t('mangoku.seats.standIn'),
                  dataset: { testid: 'stand-in' },
                  on: { click: () => this.onStandIn(seat.index) },
                })
              : null,
            seat.isYou && seat.bot && !over
              ? h('button', {
                  type: 'button',
                  class: 'primary small',
                  text: t('table.resume'),
                  title: t('table.resumeTitle'),
                  dataset: { testid: 'resume' },
                  on: { click: () => this.onResume() },
                })
              : null,
          ),
        ),
      ),
    );
  }
}
