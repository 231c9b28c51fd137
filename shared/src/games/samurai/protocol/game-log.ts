import { hexIndex, HEXES } from '../board';
import { placeTile, TileBoard } from '../plays';
import { Capture, emptyBoard, Move, PieceAt, Placement, Play, PlaceTileName, Table, TurnRecord } from '../state';
import { Piece, PIECES, TILE_ID, TILE_NAMES } from '../tiles';

/**
 * No kind for a take-back: it removes its play from the log (updateLog), so the log holds the
 * game's real plays only and a play-then-take-back loop cannot grow it.
 */
export const LOG_KINDS = ['hand', 'piece', 'dealt', 'play', 'end', 'pass', 'capture'] as const;
export type LogKind = (typeof LOG_KINDS)[number];

/** One public event. */
export type LogEntry =
  /** The seat has chosen its starting hand (which tiles stays secret). */
  | { readonly kind: 'hand'; readonly seat: number }
  /** A setup piece placed by a seat. */
  | { readonly kind: 'piece'; readonly seat: number; readonly hex: string; readonly piece: Piece }
  /** The setup pieces were dealt at random (they are on the board). */
  | { readonly kind: 'dealt' }
  /** A play standing on the board (a play taken back leaves the log). */
  | { readonly kind: 'play'; readonly seat: number; readonly play: Play }
  | { readonly kind: 'end'; readonly seat: number }
  /** The seat could play no tile; the server passed for it. */
  | { readonly kind: 'pass'; readonly seat: number }
  /** A piece won by `seat`, or set aside (`seat` null). */
  | { readonly kind: 'capture'; readonly seat: number | null; readonly hex: string; readonly piece: Piece };

/*
 * Packing: kind (4 bits) + 16 × (seat + 1) (3 bits) + 128 × payload, where the payload is
 *   piece / capture: hex + 256 × caste
 *   play: form (0 place, 1 switch, 2 move) + 4 × (place: tile + 32 × hex;
 *         switch: hexA + 256 × casteA + 1024 × (hexB + 256 × casteB); move: from + 256 × to).
 * Every entry fits in 31 bits; events without a payload fit in one byte on the wire.
 */
function hexOf(name: string): number {
  const h = hexIndex(name);
  if (h < 0) throw new Error(`log: no hex ${name}`);
  return h;
}

function casteIndex(piece: Piece): number {
  return PIECES.indexOf(piece);
}

function packPlay(play: Play): number {
  if (play.tile === 'switch') {
    const [a, b] = play.swap;
    return 1 + 4 * (hexOf(a.hex) + 256 * casteIndex(a.piece) + 1024 * (hexOf(b.hex) + 256 * casteIndex(b.piece)));
  }
  if (play.tile === 'move') return 2 + 4 * (hexOf(play.from) + 256 * hexOf(play.to));
  return 4 * (TILE_ID[play.tile] + 32 * hexOf(play.hex));
}

function unpackPlay(payload: number): Play {
  const form = payload % 4;
  const rest = Math.floor(payload / 4);
  if (form === 1) {
    const pieceAt = (p: number): PieceAt => ({ hex: HEXES[p % 256].name, piece: PIECES[Math.floor(p / 256)] });
    return { tile: 'switch', swap: [pieceAt(rest % 1024), pieceAt(Math.floor(rest / 1024))] };
  }
  if (form === 2) return { tile: 'move', from: HEXES[rest % 256].name, to: HEXES[Math.floor(rest / 256)].name };
  return { tile: TILE_NAMES[rest % 32] as PlaceTileName, hex: HEXES[Math.floor(rest / 32)].name };
}

export function encodeLogEntry(entry: LogEntry): number {
  const kind = LOG_KINDS.indexOf(entry.kind);
  const seat = 'seat' in entry && entry.seat !== null ? entry.seat + 1 : 0;
  let payload = 0;
  if (entry.kind === 'piece' || entry.kind === 'capture') payload = hexOf(entry.hex) + 256 * casteIndex(entry.piece);
  else if (entry.kind === 'play') payload = packPlay(entry.play);
  return kind + 16 * seat + 128 * payload;
}

export function decodeLogEntry(value: number): LogEntry {
  const kind = LOG_KINDS[value % 16];
  const seatPlusOne = Math.floor(value / 16) % 8;
  const seat = seatPlusOne - 1;
  const payload = Math.floor(value / 128);
  switch (kind) {
    case 'piece':
    case 'capture': {
      const at = { hex: HEXES[payload % 256].name, piece: PIECES[Math.floor(payload / 256)] };
      return kind === 'piece' ? { kind, seat, ...at } : { kind, seat: seatPlusOne ? seat : null, ...at };
    }
    case 'play':
      return { kind, seat, play: unpackPlay(payload) };
    case 'dealt':
      return { kind };
    case 'hand':
    case 'end':
    case 'pass':
      return { kind, seat };
    default:
      throw new Error(`log: unknown entry ${value}`);
  }
}

/** The public events of a new game (a dealt setup is on the board from the start). */
export function startEvents(state: Table): LogEntry[] {
  return state.placements.length > 0 && state.placements[0].seat === null ? [{ kind: 'dealt' }] : [];
}

const PLAY_KIND = LOG_KINDS.indexOf('play');

/**
 * Brings the public log (packed entries) up to date after a move the engine accepted, from the
 * state before and after it. A move appends its public events; a take-back removes the play it
 * takes back, which is always the log's last entry (only the turn's last play can be taken back,
 * and never after a capture, whose entry would follow it).
 */
export function updateLog(log: number[], before: Table, move: Move, after: Table): void {
  if (move.type === 'undo') {
    const last = log[log.length - 1];
    if (last === undefined || last % 16 !== PLAY_KIND) throw new Error('log: a take-back must remove the last entry, a play');
    log.pop();
    return;
  }
  for (const event of moveEvents(before, move, after)) log.push(encodeLogEntry(event));
}

/** The public events of a move other than a take-back: what everyone at the table sees (never a hand's contents). */
function moveEvents(before: Table, move: Exclude<Move, { type: 'undo' }>, after: Table): LogEntry[] {
  const seat = move.seat;
  switch (move.type) {
    case 'chooseHand': {
      const entries: LogEntry[] = [{ kind: 'hand', seat }];
      if (before.placements.length === 0) entries.push(...startEvents(after));
      return entries;
    }
    case 'placePiece':
      return [{ kind: 'piece', seat, hex: move.hex, piece: move.piece }];
    case 'play':
      return [{ kind: 'play', seat, play: move.play }, ...captureEvents(after.turnCaptures.slice(before.turnCaptures.length))];
    case 'endTurn': {
      const turn = after.turns[after.turns.length - 1];
      return [...captureEvents(turn.captures.slice(before.turnCaptures.length)), { kind: 'end', seat }];
    }
    case 'pass':
      return [{ kind: 'pass', seat }];
  }
}

function captureEvents(captures: readonly Capture[]): LogEntry[] {
  return captures.map((c) => ({ kind: 'capture', seat: c.seat, hex: c.hex, piece: c.piece }));
}

/** What the public log says about the game so far. */
export interface LogSummary {
  /** Completed turns, passes included (as in GameState.turns). */
  readonly turns: TurnRecord[];
  /** The current turn's plays and captures (a play taken back is not in the log). */
  readonly turnPlays: Play[];
  readonly turnCaptures: Capture[];
  /** Consecutive passes. */
  readonly passes: number;
  /** Setup pieces placed by seats (empty for a dealt setup). */
  readonly placements: Placement[];
  /** The tiles on the board: every play standing is in the log (the room state carries no board of its own). */
  readonly board: TileBoard;
}

/** Replays the log into turns, the current turn, passes, setup placements and the tiles on the board. */
export function summariseLog(log: ArrayLike<number>): LogSummary {
  const board = { hexOwner: emptyBoard(), hexTile: emptyBoard() };
  const turns: TurnRecord[] = [];
  const placements: Placement[] = [];
  let turnPlays: Play[] = [];
  let turnCaptures: Capture[] = [];
  let passes = 0;
  for (let i = 0; i < log.length; i++) {
    const entry = decodeLogEntry(log[i]);
    switch (entry.kind) {
      case 'piece':
        placements.push({ seat: entry.seat, hex: entry.hex, piece: entry.piece });
        break;
      case 'play':
        turnPlays.push(entry.play);
        placeTile(board, entry.seat, entry.play);
        break;
      case 'capture':
        turnCaptures.push({ hex: entry.hex, piece: entry.piece, seat: entry.seat });
        break;
      case 'end':
      case 'pass':
        turns.push({ seat: entry.seat, plays: turnPlays, captures: turnCaptures });
        passes = entry.kind === 'pass' ? passes + 1 : 0;
        turnPlays = [];
        turnCaptures = [];
        break;
    }
  }
  return { turns, turnPlays, turnCaptures, passes, placements, board };
}
