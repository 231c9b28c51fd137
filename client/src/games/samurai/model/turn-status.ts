/**
 * The turn indicator: whose move it is, what they may still do, and which buttons work.
 * From the view-model, in the interface's language; the buttons' states come from the engine's own checks.
 */
import { boardFor, checkMove, GameView, SETTLEMENTS, Table, TILES, turnHasNonFast } from '@samurai/shared';
import { listOf, t } from '../../../i18n/i18n';
import { SeatModel } from './view-model';

export interface TurnStatus {
  /** One short line: "Your turn", "Ann is placing a piece", … */
  readonly headline: string;
  /** What is still allowed or expected. */
  readonly detail: string;
  readonly yourTurn: boolean;
  /** The seat whose move it is (-1 when everyone or no one acts). */
  readonly actingSeat: number;
  readonly canUndo: boolean;
  readonly canEndTurn: boolean;
  /** No tile can be played: the server passes for the seat after a moment. */
  readonly mustPass: boolean;
}

function nameOf(seats: readonly SeatModel[], seat: number): string {
  return seats[seat]?.name || t('samurai.seat', { n: seat + 1 });
}

/**
 * Who acts for another seat, in words: "Ben is playing"; but a player who is away is not playing
 * ("It is Ben’s turn, but Ben is away"), and a bot standing in says so.
 */
function actingLine(seats: readonly SeatModel[], seat: number, doing: 'placing' | 'playing'): string {
  const s = seats[seat];
  const name = nameOf(seats, seat);
  if (s?.kind === 'human' && s.bot) return t(`samurai.status.${doing}.bot`, { name });
  if (s?.kind === 'human' && !s.connected) return t(`samurai.status.${doing}.away`, { name });
  return t(`samurai.status.${doing}.plain`, { name });
}

/** What an away player's turn waits for. */
function awayDetail(seats: readonly SeatModel[], seat: number): string {
  const s = seats[seat];
  return s?.kind === 'human' && !s.connected && !s.bot ? t('samurai.status.awayDetail', { name: nameOf(seats, seat) }) : '';
}

export function turnStatus(view: GameView | null, seats: readonly SeatModel[], yourSeat: number): TurnStatus {
  const idle = { yourTurn: false, actingSeat: -1, canUndo: false, canEndTurn: false, mustPass: false };
  if (!view) return { ...idle, headline: t('samurai.status.waitingStart'), detail: '' };
  switch (view.phase) {
    case 'hands': {
      const waiting = seats.filter((s) => !view.handChosen[s.index]).map((s) => s.name);
      if (yourSeat >= 0 && !view.handChosen[yourSeat]) {
        return {
          ...idle,
          yourTurn: true,
          headline: t('samurai.status.chooseHand'),
          detail: t('samurai.status.chooseHandDetail'),
        };
      }
      return {
        ...idle,
        headline: t('samurai.status.startingHands'),
        detail: waiting.length ? t('samurai.status.stillChoosing', { names: listOf(waiting) }) : '',
      };
    }
    case 'pieces': {
      const where = citiesOpenOf(view) ? t('samurai.status.whereCity') : t('samurai.status.whereVillage');
      const yours = view.seat === yourSeat;
      return {
        ...idle,
        yourTurn: yours,
        actingSeat: view.seat,
        headline: yours ? t('samurai.status.placePieceYours') : actingLine(seats, view.seat, 'placing'),
        detail: (!yours && awayDetail(seats, view.seat)) || t('samurai.status.piecesGo', { where }),
      };
    }
    case 'play': {
      const yours = view.seat === yourSeat;
      if (!yours) {
        const played = view.turnPlays.length ? t('samurai.status.tilesPlayed', { count: view.turnPlays.length }) : '';
        return {
          ...idle,
          actingSeat: view.seat,
          headline: actingLine(seats, view.seat, 'playing'),
          detail: [played, awayDetail(seats, view.seat)].filter(Boolean).join(' '),
        };
      }
      const canUndo = checkMove(view, { type: 'undo', seat: yourSeat }) === null;
      const canEndTurn = checkMove(view, { type: 'endTurn', seat: yourSeat }) === null;
      const mustPass = checkMove(view, { type: 'pass', seat: yourSeat }) === null;
      let detail: string;
      if (mustPass) detail = t('samurai.status.mustPass');
      else if (view.turnPlays.length === 0) {
        detail = t('samurai.status.playOne');
      } else if (turnHasNonFast(view)) {
        const fastLeft = (view.hands[yourSeat] ?? []).some((t) => TILES[t].fast);
        detail = fastLeft ? t('samurai.status.fastLeft') : t('samurai.status.endWhenReady');
      } else {
        detail = t('samurai.status.stillOne');
      }
      return { yourTurn: true, actingSeat: yourSeat, headline: t('samurai.status.yourTurn'), detail, canUndo, canEndTurn, mustPass };
    }
    case 'over':
      return { ...idle, headline: t('samurai.status.over'), detail: '' };
  }
}

/** Does a city still have room? (Setup fills the cities before any village.) */
export function citiesOpenOf(table: Table): boolean {
  return boardFor(table.players).cities.some((c) => {
    const mask = table.pieces[c];
    return (mask & 1) + ((mask >> 1) & 1) + ((mask >> 2) & 1) < SETTLEMENTS[c].capacity;
  });
}
