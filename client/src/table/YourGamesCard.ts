import { language, listOf, t } from '../i18n/i18n';
import { recordApiUrl, replayPageUrl } from '../replay/replay-source';
import { fill, h } from '../ui/dom';
import type { AnyGameClient } from './game-client';
import type { YourGame } from './your-games';

export interface YourGamesCardParts {
  /** The games a table may play (for their names). */
  readonly games: readonly AnyGameClient[];
  /** Where the game server is (records are fetched from it). */
  readonly endpoint: string;
  /** A button that opens your seat at room `code` (the home screen's: disabled while it works). */
  openButton(code: string, yourTurn: boolean): HTMLButtonElement;
  /** Takes room `code` off the list (and forgets its seat). */
  remove(code: string): void;
}

/**
 * "Your games" on the home page: each table this browser holds a seat in, with its game, players,
 * whose turn and last move; yours to play first; a finished one with its replay and record; each
 * removable. Drawn from what was last known, and again as the server answers (show).
 */
export class YourGamesCard {
  readonly el: HTMLElement;
  private readonly note: HTMLElement;
  private readonly rows: HTMLElement;

  constructor(private readonly parts: YourGamesCardParts) {
    this.note = h('p', { class: 'muted', dataset: { testid: 'your-games-note' } });
    this.rows = h('ul', { class: 'your-games' });
    this.el = h(
      'section',
      { class: 'card resume-card', 'aria-labelledby': 'your-games-title', dataset: { testid: 'resume' } },
      h('h2', { id: 'your-games-title', text: t('table.home.yourGames.title') }),
      h('p', { class: 'muted', text: t('table.home.yourGames.text') }),
      this.note,
      this.rows,
    );
  }

  /** Draws the list: as last known ('kept'), as the server has just said ('fresh'), or as last known because it could not be asked ('offline'). */
  show(list: readonly YourGame[], as: 'kept' | 'fresh' | 'offline'): void {
    this.el.hidden = list.length === 0;
    this.el.dataset.as = as;
    this.note.textContent = as === 'offline' ? t('table.home.yourGames.offline') : '';
    fill(
      this.rows,
      list.map((game) => this.row(game)),
    );
  }

  private row(game: YourGame): HTMLElement {
    const { summary, code } = game;
    const title = this.parts.games.find((g) => g.type === summary?.game)?.title ?? '';
    const players = (summary?.players ?? []).flatMap((p) => (p ? [p.bot ? t('table.home.yourGames.bot', { name: p.name }) : p.name] : []));
    const actions: HTMLElement[] = [];
    if (summary?.stage === 'over' && summary.gameNumber > 0) {
      actions.push(
        h('a', {
          class: 'button',
          href: replayPageUrl(location.href, code, summary.gameNumber),
          dataset: { testid: 'watch-again' },
          text: t('table.home.yourGames.watchAgain'),
        }),
        h('a', {
          class: 'button',
          href: recordApiUrl(this.parts.endpoint || location.origin, code, summary.gameNumber),
          download: '',
          text: t('table.home.yourGames.record'),
        }),
      );
    }
    // A table the server has no more may only be moving: its seat is tried as its link would.
    if (summary?.stage !== 'over') actions.push(this.parts.openButton(code, game.yourTurn));
    actions.push(
      h('button', {
        type: 'button',
        class: 'quiet small',
        text: t('table.home.yourGames.remove'),
        'aria-label': t('table.home.yourGames.removeLabel', { code }),
        dataset: { testid: 'remove-game', room: code },
        on: { click: () => this.parts.remove(code) },
      }),
    );
    return h(
      'li',
      { class: game.yourTurn ? 'your-game your-turn' : 'your-game', dataset: { testid: 'your-game', room: code, yourTurn: String(game.yourTurn) } },
      h('div', { class: 'your-game-what' }, h('strong', { text: title || code }), ' ', h('span', { class: 'muted', text: listOf(players) })),
      h('div', { class: 'your-game-state', dataset: { testid: 'your-game-state' }, text: stateLine(game) }),
      h('div', { class: 'button-row' }, actions),
    );
  }
}

/** Whose turn, or where the table stands, and when it last moved. */
function stateLine(game: YourGame): string {
  const { summary } = game;
  if (game.gone) return t('table.home.yourGames.gone');
  if (!summary) return t('table.home.yourGames.unknown');
  const when = t('table.home.yourGames.lastMove', {
    time: new Intl.DateTimeFormat(language(), { dateStyle: 'medium', timeStyle: 'short' }).format(summary.lastMoveAt),
  });
  if (summary.stage === 'lobby') return t('table.home.yourGames.lobby');
  if (summary.stage === 'over') return `${t('table.home.yourGames.finished')} · ${when}`;
  if (game.yourTurn) return `${t('table.home.yourGames.yourTurn')} · ${when}`;
  const names = summary.toAct.map((s) => summary.players[s]?.name ?? '').filter(Boolean);
  return `${t('table.home.yourGames.waitingFor', { names: listOf(names) })} · ${when}`;
}
