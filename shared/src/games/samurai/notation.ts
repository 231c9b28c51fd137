/**
 * Text notation that round-trips (`parseX(formatX(x))` equals `x`), so fixtures fit on a line:
 *
 *   hex       14,13
 *   tile      buddha2  samurai1  ship2  switch  move
 *   play      buddha2@14,12   switch rice@14,9 castle@16,8   move 13,12>15,13
 *   move      0 buddha2@14,12   0 undo   0 end   0 pass
 *             0 choose samurai3,ronin1,ship2,buddha4,move   1 piece rice@14,9
 *   position  see formatPosition
 */
import { boardFor, hexIndex, HexName, HEXES, isPlayerCount, SETTLEMENT_COUNT, SETTLEMENTS } from './board';
import { CAPTURE_TIMINGS, CaptureTiming, createGameWithPools, filled, GameState, Move, PieceAt, Play, PlaceTileName, Table } from './state';
import { isPiece, isTileName, PieceCounts, TILE_ID, TILE_NAMES, TileName, TILES } from './tiles';

export function parseHex(text: string): HexName | null {
  return /^\d{1,2},\d{1,2}$/.test(text) && hexIndex(text) >= 0 ? text : null;
}

export function parseTile(text: string): TileName | null {
  return isTileName(text) ? text : null;
}

function formatPieceAt(at: PieceAt): string {
  return `${at.piece}@${at.hex}`;
}

function parsePieceAt(text: string): PieceAt | null {
  const [piece, hex, extra] = text.split('@');
  return extra === undefined && isPiece(piece) && hex && parseHex(hex) ? { piece, hex } : null;
}

export function formatPlay(play: Play): string {
  if (play.tile === 'switch') return `switch ${formatPieceAt(play.swap[0])} ${formatPieceAt(play.swap[1])}`;
  if (play.tile === 'move') return `move ${play.from}>${play.to}`;
  return `${play.tile}@${play.hex}`;
}

export function parsePlay(text: string): Play | null {
  const words = text.trim().split(/\s+/);
  if (words[0] === 'switch' && words.length === 3) {
    const a = parsePieceAt(words[1]);
    const b = parsePieceAt(words[2]);
    return a && b ? { tile: 'switch', swap: [a, b] } : null;
  }
  if (words[0] === 'move' && words.length === 2) {
    const [from, to, extra] = words[1].split('>');
    return extra === undefined && from && to && parseHex(from) && parseHex(to) ? { tile: 'move', from, to } : null;
  }
  if (words.length !== 1) return null;
  const [tile, hex, extra] = words[0].split('@');
  if (extra !== undefined || !hex || !parseHex(hex) || !isTileName(tile) || tile === 'switch' || tile === 'move') return null;
  return { tile: tile as PlaceTileName, hex };
}

export function formatMove(move: Move): string {
  switch (move.type) {
    case 'chooseHand':
      return `${move.seat} choose ${move.tiles.join(',')}`;
    case 'placePiece':
      return `${move.seat} piece ${move.piece}@${move.hex}`;
    case 'play':
      return `${move.seat} ${formatPlay(move.play)}`;
    case 'undo':
      return `${move.seat} undo`;
    case 'endTurn':
      return `${move.seat} end`;
    case 'pass':
      return `${move.seat} pass`;
  }
}

export function parseMove(text: string): Move | null {
  const match = /^\s*(\d)\s+(\S+)(?:\s+(.*?))?\s*$/.exec(text);
  if (!match) return null;
  const seat = Number(match[1]);
  const [, , word, rest] = match;
  if (rest === undefined) {
    if (word === 'undo') return { type: 'undo', seat };
    if (word === 'end') return { type: 'endTurn', seat };
    if (word === 'pass') return { type: 'pass', seat };
  }
  if (word === 'choose' && rest !== undefined) {
    const tiles = rest.split(',');
    return tiles.every(isTileName) ? { type: 'chooseHand', seat, tiles } : null;
  }
  if (word === 'piece' && rest !== undefined) {
    const at = parsePieceAt(rest);
    return at ? { type: 'placePiece', seat, hex: at.hex, piece: at.piece } : null;
  }
  const play = parsePlay(rest === undefined ? word : `${word} ${rest}`);
  return play ? { type: 'play', seat, play } : null;
}

const PIECE_LETTERS = ['b', 'r', 'c'] as const;

function formatCounts(counts: readonly number[]): string {
  return counts.join('/');
}

/**
 * A position between turns, on one line; sections are separated by `;` and empty ones omitted:
 *
 *   2p end-of-turn seat:0; tiles 13,12=0.ronin1 14,12=1.buddha4; pieces 14,11=b 14,9=rc;
 *   hand0 ronin1 buddha4; hand1 samurai1; stack0 rice2; captured0 1/0/0; aside 0/1/0; passes 1
 *
 * Pieces are letters b (buddha), r (rice), c (castle). Hands and stacks list tile names (stacks
 * next draw first); captured and aside are buddha/rice/castle counts.
 */
export function formatPosition(table: Table & { stacks?: readonly (readonly number[])[] }): string {
  const sections = [`${table.players}p ${table.options.captureTiming} seat:${table.seat}`];
  const tiles = HEXES.filter((h) => table.hexOwner[h.index] >= 0).map((h) => `${h.name}=${table.hexOwner[h.index]}.${TILES[table.hexTile[h.index]].name}`);
  if (tiles.length) sections.push(`tiles ${tiles.join(' ')}`);
  const pieces = SETTLEMENTS.filter((s) => table.pieces[s.index]).map(
    (s) => `${HEXES[s.hex].name}=${PIECE_LETTERS.filter((_, c) => table.pieces[s.index] & (1 << c)).join('')}`,
  );
  if (pieces.length) sections.push(`pieces ${pieces.join(' ')}`);
  const list = (ids: readonly number[]) => ids.map((id) => TILE_NAMES[id]).join(' ');
  table.hands.forEach((hand, s) => hand && hand.length && sections.push(`hand${s} ${list(hand)}`));
  table.stacks?.forEach((stack, s) => stack.length && sections.push(`stack${s} ${list(stack)}`));
  table.captured.forEach((c, s) => c && c.some(Boolean) && sections.push(`captured${s} ${formatCounts(c)}`));
  if (table.aside.some(Boolean)) sections.push(`aside ${formatCounts(table.aside)}`);
  if (table.passes) sections.push(`passes ${table.passes}`);
  return sections.join('; ');
}

/**
 * A game state in the play phase from formatPosition's notation. Positions are fixtures written
 * by people, so a malformed one throws with the offending part named.
 */
export function parsePosition(text: string): GameState {
  const [head, ...sections] = text
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);
  const headMatch = /^([234])p\s+(\S+)\s+seat:(\d)$/.exec(head ?? '');
  if (!headMatch) throw new Error(`position: the head "${head}" is not like "2p end-of-turn seat:0"`);
  const players = Number(headMatch[1]);
  const captureTiming = headMatch[2] as CaptureTiming;
  if (!isPlayerCount(players)) throw new Error(`position: ${players} players`);
  if (!CAPTURE_TIMINGS.includes(captureTiming)) throw new Error(`position: unknown capture timing ${captureTiming}`);
  const seat = Number(headMatch[3]);
  if (seat >= players) throw new Error(`position: no seat ${seat} with ${players} players`);
  const board = boardFor(players);
  const state = createGameWithPools(
    { players, options: { captureTiming, startingHands: 'random', setup: 'players' } },
    Array.from({ length: players }, () => []),
    null,
  );
  state.phase = 'play';
  state.seat = seat;
  state.supply = [0, 0, 0];
  state.pieces = filled(SETTLEMENT_COUNT, 0);
  const hexAt = (name: string, what: string) => {
    const h = hexIndex(name);
    if (h < 0 || !board.onBoard[h]) throw new Error(`position: ${what} names ${name}, not a hex in play`);
    return h;
  };
  const tileList = (words: string[], what: string) =>
    words.map((w) => {
      if (!isTileName(w)) throw new Error(`position: ${what} names an unknown tile ${w}`);
      return TILE_ID[w];
    });
  const counts = (text: string, what: string): PieceCounts => {
    const n = text.split('/').map(Number);
    if (n.length !== 3 || n.some((x) => !Number.isInteger(x) || x < 0)) throw new Error(`position: ${what} "${text}"`);
    return n as PieceCounts;
  };
  const seatOf = (key: string, prefix: string) => {
    const s = Number(key.slice(prefix.length));
    if (!Number.isInteger(s) || s < 0 || s >= players) throw new Error(`position: ${key} names no seat`);
    return s;
  };
  for (const section of sections) {
    const [key, ...words] = section.split(/\s+/);
    if (key === 'tiles') {
      for (const w of words) {
        const m = /^(\d+,\d+)=(\d)\.(\w+)$/.exec(w);
        if (!m || !isTileName(m[3]) || Number(m[2]) >= players) throw new Error(`position: tile "${w}"`);
        const h = hexAt(m[1], 'tiles');
        state.hexOwner[h] = Number(m[2]);
        state.hexTile[h] = TILE_ID[m[3]];
      }
    } else if (key === 'pieces') {
      for (const w of words) {
        const m = /^(\d+,\d+)=([brc]+)$/.exec(w);
        if (!m) throw new Error(`position: pieces "${w}"`);
        const settlement = HEXES[hexAt(m[1], 'pieces')].settlement;
        if (settlement < 0) throw new Error(`position: ${m[1]} is not a settlement`);
        for (const letter of m[2]) state.pieces[settlement] |= 1 << PIECE_LETTERS.indexOf(letter as 'b');
      }
    } else if (key.startsWith('hand')) {
      state.hands[seatOf(key, 'hand')] = tileList(words, key).sort((a, b) => a - b);
    } else if (key.startsWith('stack')) {
      state.stacks[seatOf(key, 'stack')] = tileList(words, key);
    } else if (key.startsWith('captured')) {
      state.captured[seatOf(key, 'captured')] = counts(words.join(''), key);
    } else if (key === 'aside') {
      state.aside = counts(words.join(''), key);
    } else if (key === 'passes') {
      if (words.length !== 1 || !/^\d+$/.test(words[0])) throw new Error(`position: passes "${words.join(' ')}"`);
      state.passes = Number(words[0]);
    } else {
      throw new Error(`position: unknown section "${section}"`);
    }
  }
  state.startHands = state.hands.map((h) => h.slice());
  state.startStacks = state.stacks.map((s) => s.slice());
  return state;
}
