/**
 * The turn indicator: whose move it is, what they may still do, and which buttons work.
 * Pure, from the view-model; the buttons' states come from the engine's own checks.
 */
import { boardFor, checkMove, GameView, SETTLEMENTS, Table, TILES, turnHasNonFast } from '@samurai/shared';
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
  return seats[seat]?.name || `Seat ${seat + 1}`;
}

/**
 * Who acts for another seat, in words: "Ben is playing"; but a player who is away is not playing
 * ("It is Ben’s turn, but Ben is away"), and a bot standing in says so.
 */
function actingLine(seats: readonly SeatModel[], seat: number, doing: string): string {
  const s = seats[seat];
  const name = nameOf(seats, seat);
  if (s?.kind === 'human' && s.bot) return `A bot is ${doing} for ${name}`;
  if (s?.kind === 'human' && !s.connected) return `It is ${name}’s turn, but ${name} is away`;
  return `${name} is ${doing}`;
}

/** What an away player's turn waits for. */
function awayDetail(seats: readonly SeatModel[], seat: number): string {
  const s = seats[seat];
  return s?.kind === 'human' && !s.connected && !s.bot ? `The game waits for ${nameOf(seats, seat)} to come back.` : '';
}

export function turnStatus(view: GameView | null, seats: readonly SeatModel[], yourSeat: number): TurnStatus {
  const idle = { yourTurn: false, actingSeat: -1, canUndo: false, canEndTurn: false, mustPass: false };
  if (!view) return { ...idle, headline: 'Waiting for the game to start', detail: '' };
  switch (view.phase) {
    case 'hands': {
      const waiting = seats.filter((s) => !view.handChosen[s.index]).map((s) => s.name);
      if (yourSeat >= 0 && !view.handChosen[yourSeat]) {
        return {
          ...idle,
          yourTurn: true,
          headline: 'Choose your starting hand',
          detail: 'Pick 5 of your 20 tiles. The other 15 are shuffled into your face-down stack.',
        };
      }
      return { ...idle, headline: 'Starting hands', detail: waiting.length ? `Still choosing: ${waiting.join(', ')}.` : '' };
    }
    case 'pieces': {
      const where = citiesOpenOf(view) ? 'a city (cities are filled first, two different castes each)' : 'a village';
      const yours = view.seat === yourSeat;
      return {
        ...idle,
        yourTurn: yours,
        actingSeat: view.seat,
        headline: yours ? 'Your turn: place a piece' : actingLine(seats, view.seat, 'placing a piece'),
        detail: (!yours && awayDetail(seats, view.seat)) || `Pieces go on ${where}. A settlement never holds two pieces of one caste.`,
      };
    }
    case 'play': {
      const yours = view.seat === yourSeat;
      if (!yours) {
        const played = view.turnPlays.length ? `${view.turnPlays.length} tile${view.turnPlays.length > 1 ? 's' : ''} played this turn.` : '';
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
      if (mustPass) detail = 'None of your tiles can be played: you pass this turn.';
      else if (view.turnPlays.length === 0) {
        detail = 'Play one non-fast tile (caste, samurai or move) and any number of fast tiles (⚡ ronin, ships, switch).';
      } else if (turnHasNonFast(view)) {
        const fastLeft = (view.hands[yourSeat] ?? []).some((t) => TILES[t].fast);
        detail = fastLeft ? 'You may still play fast tiles (⚡), or end your turn.' : 'End your turn when you are ready.';
      } else {
        detail = 'You may still play one non-fast tile and more fast tiles, or end your turn.';
      }
      return { yourTurn: true, actingSeat: yourSeat, headline: 'Your turn', detail, canUndo, canEndTurn, mustPass };
    }
    case 'over':
      return { ...idle, headline: 'The game is over', detail: '' };
  }
}

/** Does a city still have room? (Setup fills the cities before any village.) */
export function citiesOpenOf(table: Table): boolean {
  return boardFor(table.players).cities.some((c) => {
    const mask = table.pieces[c];
    return (mask & 1) + ((mask >> 1) & 1) + ((mask >> 2) & 1) < SETTLEMENTS[c].capacity;
  });
}
