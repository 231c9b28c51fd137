import { PlayerCount } from '../board';
import { CaptureTiming, EndReason, Phase, SetupMode, StartingHands, Table } from '../state';
import { PieceCounts, TILES, TileName } from '../tiles';
import { summariseLog } from './game-log';
import { unpackCounts, unpackHand, unpackPieces } from './packing';
import { ClientResultState, ClientRoomState, ClientSeatState } from './room-state';

/**
 * The engine Table a client can rebuild from the room state, as `viewer` sees it: enough for
 * legalMoves, checkMove and the bots to know in advance what the server will accept.
 */
export function tableFromRoomState(state: ClientRoomState, viewer: number | 'spectator'): Table {
  const players = state.options.players as PlayerCount;
  const seats = Array.from(state.seats);
  const summary = summariseLog(state.log);
  const phase = (state.phase === 'lobby' ? 'hands' : state.phase) as Phase;
  return {
    players,
    options: {
      captureTiming: state.options.captureTiming as CaptureTiming,
      startingHands: state.options.startingHands as StartingHands,
      setup: state.options.setup as SetupMode,
    },
    phase,
    seat: state.seat,
    hexOwner: summary.board.hexOwner,
    hexTile: summary.board.hexTile,
    pieces: unpackPieces(state.pieces),
    supply: unpackCounts(state.supply),
    hands: seats.map((s, i) => (i === viewer && s.hand !== undefined ? unpackHand(s.hand) : null)),
    captured: seats.map((s, i) => capturedAsSeenBy(s, i === viewer)),
    aside: unpackCounts(state.aside),
    handChosen: seats.map((s) => s.handChosen),
    placements: summary.placements,
    turns: summary.turns,
    turnPlays: summary.turnPlays,
    turnCaptures: summary.turnCaptures,
    passes: summary.passes,
    result: null,
  };
}

/** A seat's captured tally as its owner (`own`) or anyone else sees it; null while hidden. */
export function capturedAsSeenBy(seat: ClientSeatState, own: boolean): PieceCounts | null {
  if (own && seat.ownCaptured !== undefined) return unpackCounts(seat.ownCaptured);
  return seat.captured >= 0 ? unpackCounts(seat.captured) : null;
}

/** The result's end reason, typed. */
export function endReasonOf(result: ClientResultState): EndReason {
  return result.reason as EndReason;
}

/** A tile id's name; for hands and board cells. */
export function tileName(id: number): TileName {
  return TILES[id].name;
}
