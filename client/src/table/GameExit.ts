import type { TableMessageType } from '@samurai/shared';
import { t } from '../i18n/i18n';
import { fill, h, svgElement } from '../ui/dom';
import type { TableRequests } from './game-client';
import type { TableModel } from './table-model';

/** A flag, as resigning is shown on chess sites: the button's icon where the header has room only for icons. */
const FLAG =
  '<svg viewBox="0 0 24 24" width="16" height="16"><path d="M5 21V4" stroke="currentColor" stroke-width="2" stroke-linecap="round"/><path d="M5 4h12l-2.5 4L17 12H5" fill="currentColor"/></svg>';

/**
 * A player's ways out of a game under way, in every game's header bar (the table's, so both
 * games have them): "Quit…" opens a dialog to concede (a bot plays the seat to the end) or to
 * vote to abandon the game (the button shows the votes while any stand), and, for the host, to
 * give to a bot the seat of a player who timed out three times in a row. The dialog is the
 * confirmation: nothing happens from the header button alone.
 */
export class GameExit {
  readonly el: HTMLElement;
  private readonly button: HTMLButtonElement;
  private readonly dialog: HTMLDialogElement;
  private readonly body: HTMLElement;
  private model: TableModel | null = null;
  /** The ids of the people voting to abandon, as last shown: a new vote is told to the others. */
  private voters = new Set<string>();

  constructor(
    private readonly send: <K extends TableMessageType>(type: K, payload?: TableRequests[K]) => void,
    private readonly tell: (text: string) => void,
  ) {
    this.button = h('button', {
      type: 'button',
      class: 'quiet small table-switch',
      dataset: { testid: 'quit-game' },
      on: { click: () => this.open() },
    });
    this.body = h('div', { class: 'help-body game-exit-body' });
    this.dialog = h('dialog', { class: 'help game-exit', dataset: { testid: 'quit-dialog' } }, this.body);
    this.el = h('span', { class: 'game-exit-host' }, this.button, this.dialog);
    this.el.hidden = true;
  }

  update(model: TableModel): void {
    this.model = model;
    const playing = !model.isSpectator && model.phase !== 'lobby' && model.phase !== 'over';
    this.el.hidden = !playing;
    if (!playing) {
      if (this.dialog.open) this.dialog.close();
      this.voters.clear();
      return;
    }
    const { votes, people } = this.votes(model);
    this.tellNewVotes(model, votes, people);
    // As the header's other switches: an icon, its words hidden on a narrow screen (a screen reader
    // still reads them); the votes, while any stand, shown beside the icon on every screen.
    this.button.replaceChildren(
      svgElement(FLAG),
      votes > 0 ? h('span', { text: t('table.quit.votes', { votes, people }) }) : h('span', { class: 'switch-label', text: t('table.quit.button') }),
    );
    this.button.title = t('table.quit.button');
    this.button.classList.toggle('attention', votes > 0);
    if (this.dialog.open) this.render(model);
  }

  /** Someone else's new vote to abandon, told once (your own you know of). */
  private tellNewVotes(model: TableModel, votes: number, people: number): void {
    const voters = model.seats.filter((s) => s.votesToAbandon);
    const fresh = voters.filter((s) => !s.isYou && !this.voters.has(s.id));
    this.voters = new Set(voters.map((s) => s.id));
    for (const seat of fresh) this.tell(t('table.quit.voteToast', { name: seat.name, votes, people }));
  }

  /** The language changed: every word again. */
  relabel(): void {
    if (this.model) this.update(this.model);
  }

  private open(): void {
    if (!this.model) return;
    this.render(this.model);
    if (!this.dialog.open) this.dialog.showModal();
  }

  private votes(model: TableModel): { votes: number; people: number } {
    const people = model.seats.filter((s) => s.kind === 'human');
    return { votes: people.filter((s) => s.votesToAbandon).length, people: people.length };
  }

  private render(model: TableModel): void {
    const you = model.seats[model.yourSeat];
    const { votes, people } = this.votes(model);
    const voted = you?.votesToAbandon === true;
    const act = (type: 'concede' | 'abandon' | 'seatToBot', payload?: TableRequests['abandon'] | TableRequests['seatToBot']) => {
      this.dialog.close();
      this.send(type, payload);
    };
    // Only what the host may do now: the seats that timed out too often.
    const timedOut = model.isHost ? model.seats.filter((s) => s.timedOut && !s.isYou) : [];
    fill(
      this.body,
      h('h2', { text: t('table.quit.title') }),
      h('p', { text: t('table.quit.abandonText', { votes, people }) }),
      h(
        'div',
        { class: 'button-row' },
        h('button', {
          type: 'button',
          class: voted ? 'quiet' : '',
          text: t(voted ? 'table.quit.withdraw' : 'table.quit.abandon'),
          dataset: { testid: 'vote-abandon' },
          on: { click: () => act('abandon', { agree: !voted }) },
        }),
      ),
      h('p', { text: t('table.quit.concedeText') }),
      h(
        'div',
        { class: 'button-row' },
        h('button', { type: 'button', class: 'danger', text: t('table.quit.concede'), dataset: { testid: 'concede' }, on: { click: () => act('concede') } }),
      ),
      timedOut.map((seat) =>
        h(
          'div',
          { class: 'game-exit-seat' },
          h('p', { text: t('table.quit.timedOut', { name: seat.name }) }),
          h('button', {
            type: 'button',
            text: t('table.quit.seatToBot', { name: seat.name }),
            dataset: { testid: 'seat-to-bot' },
            on: { click: () => act('seatToBot', { seat: seat.index }) },
          }),
        ),
      ),
      h('form', { method: 'dialog', class: 'button-row' }, h('button', { class: 'primary', text: t('ui.close'), value: 'close' })),
    );
  }
}
