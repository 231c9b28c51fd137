/**
 * Samurai's guided first game, you (seat 0) against Ben, in three moments of a 2-player game. Its
 * beginning: you choose your five starting tiles and place a piece. A turn later on, with the two
 * tiles that play differently: the switch swaps two pieces, the move tile moves one of your tiles.
 * Its last turns: a rice village is one tile from surrounded; you take the lead there with a caste
 * tile and a ship, Ben's samurai closes the ring and you win the rice field; then your Buddha 4
 * takes the last Buddha on the board, which ends the game, and the scoring names the winner. Pure:
 * every position is the engine's own (a new game from fixed tile pools, or its notation), and every
 * move is checked by the engine as it is made.
 */
import {
  boardFor,
  createGameWithPools,
  GameState,
  HEXES,
  hexIndex,
  Move,
  parsePosition,
  PIECES,
  PlaceTileName,
  TILE_NAMES,
  TILE_SET,
  TileName,
} from '@samurai/shared';
import type en from '../locales/en.json';
import type { Lesson, LessonStep } from '../../../tutorial/lesson';

/** What the coach can point at: a hex, a piece in a settlement, a tile in your hand, a caste to place, one of the screen's controls. */
export type SamuraiTarget =
  | { readonly kind: 'hex'; readonly hex: string }
  | { readonly kind: 'piece'; readonly hex: string; readonly caste: number }
  | { readonly kind: 'tile'; readonly tile: TileName }
  | { readonly kind: 'caste'; readonly caste: number }
  | { readonly kind: 'control'; readonly testid: SamuraiControl };

/** The screen's controls a step may point at (by their data-testid). */
export const SAMURAI_CONTROLS = ['end-turn', 'score-table', 'seats', 'pick-for-me', 'confirm-hand'] as const;
export type SamuraiControl = (typeof SAMURAI_CONTROLS)[number];

export type SamuraiLessonKey = keyof typeof en.tutorial;

export const YOU = 0;
export const BEN = 1;

/**
 * Late in a game. Every empty village was surrounded and captured; the settlements still holding
 * pieces each have open land. Buddhas: one left (16,14); tallies buddha/rice/castle: you 2/2/1,
 * Ben 2/2/3, two Buddhas set aside. Around the rice village 16,12 only 15,12 and 16,13 are open,
 * and Ben's Rice 2 stands at 15,11; Edo keeps 13,13 open, so neither of your plays surrounds it.
 */
export const SAMURAI_LESSON_POSITION = [
  '2p end-of-turn seat:0',
  'tiles 15,7=1.buddha2 14,8=0.buddha3 16,9=1.castle3 15,8=0.samurai1 15,10=1.rice3 15,9=0.castle2 14,10=1.samurai1 14,12=0.rice4' +
    ' 13,11=1.buddha4 13,12=0.samurai2 12,13=1.castle4 11,12=0.buddha2 12,14=1.samurai2 11,14=0.castle4 10,15=1.rice4 9,15=0.rice2' +
    ' 8,15=1.castle2 7,16=0.samurai1 7,15=1.samurai3 5,16=0.ronin1 6,17=1.ronin1 10,16=0.samurai2 11,16=1.samurai1 14,14=1.buddha3' +
    ' 15,11=1.rice2 9,13=0.ship1',
  'pieces 16,14=b 16,12=r 14,13=rc 13,14=c 11,15=rc',
  'hand0 buddha4 rice3 castle3 samurai3 ship2',
  'hand1 samurai2 ship1 ship1 ship2 switch',
  'stack0 ship1 move switch',
  'stack1 move',
  'captured0 2/2/1',
  'captured1 2/2/3',
  'aside 2/0/0',
].join('; ');

/**
 * A turn earlier in the same kind of game: the last position, but you hold the switch and the move
 * tile (your Samurai 3 and Ship 2 still in your stack).
 */
export const SAMURAI_SPECIAL_POSITION = SAMURAI_LESSON_POSITION.replace(
  'hand0 buddha4 rice3 castle3 samurai3 ship2',
  'hand0 buddha4 rice3 castle3 switch move',
).replace('stack0 ship1 move switch', 'stack0 ship1 samurai3 ship2');

/** A new game: each seat's 20 tiles in set order, hands to choose, pieces placed by the players. */
export function samuraiLessonStart(): GameState {
  return createGameWithPools(
    { players: 2, options: { captureTiming: 'end-of-turn', startingHands: 'chosen', setup: 'players' } },
    [TILE_SET.slice(), TILE_SET.slice()],
    null,
  );
}

/** Ben's starting hand (any 5 of his 20 tiles). */
const BEN_HAND: readonly TileName[] = ['buddha3', 'rice3', 'castle3', 'samurai2', 'ship1'];
/** Yours as the script makes it (the lesson takes any 5: see samuraiLessonRules). */
const YOUR_HAND: readonly TileName[] = ['buddha4', 'rice4', 'castle4', 'samurai3', 'ship2'];
const KYOTO = '11,15';
const SENDAI = '14,9';

const play = (tile: PlaceTileName, hex: string, seat = YOU): Move => ({ type: 'play', seat, play: { tile, hex } });
const chooseHand = (tiles: readonly TileName[], seat = YOU): Move => ({ type: 'chooseHand', seat, tiles: tiles.slice() });
const endTurn = (seat = YOU): Move => ({ type: 'endTurn', seat });
const BUDDHA = 0;
const RICE = 1;
const CASTLE = 2;

type Step = LessonStep<Move, SamuraiTarget, SamuraiLessonKey, GameState>;

const STEPS: readonly Step[] = [
  { say: 'welcome', point: [], wait: 'next' },
  // The beginning: hands, then the setup.
  {
    say: 'chooseHand',
    point: [
      { kind: 'control', testid: 'pick-for-me' },
      { kind: 'control', testid: 'confirm-hand' },
    ],
    wait: chooseHand(YOUR_HAND),
    instead: 'chooseHand',
    then: [chooseHand(BEN_HAND, BEN)],
  },
  {
    say: 'placePiece',
    point: [
      { kind: 'caste', caste: BUDDHA },
      { kind: 'hex', hex: KYOTO },
    ],
    wait: { type: 'placePiece', seat: YOU, hex: KYOTO, piece: 'buddha' },
    instead: 'placePieceInstead',
    then: [{ type: 'placePiece', seat: BEN, hex: SENDAI, piece: 'rice' }],
  },
  { say: 'setupDone', point: [{ kind: 'hex', hex: SENDAI }], wait: 'next' },
  // Later: the switch and the move tile.
  {
    say: 'playSwitch',
    scene: () => parsePosition(SAMURAI_SPECIAL_POSITION),
    point: [
      { kind: 'tile', tile: 'switch' },
      { kind: 'piece', hex: '16,14', caste: BUDDHA },
      { kind: 'piece', hex: '13,14', caste: CASTLE },
    ],
    wait: {
      type: 'play',
      seat: YOU,
      play: {
        tile: 'switch',
        swap: [
          { hex: '16,14', piece: 'buddha' },
          { hex: '13,14', piece: 'castle' },
        ],
      },
    },
    instead: 'playSwitchInstead',
  },
  {
    say: 'playMove',
    point: [
      { kind: 'tile', tile: 'move' },
      { kind: 'hex', hex: '13,12' },
      { kind: 'hex', hex: '15,12' },
    ],
    wait: { type: 'play', seat: YOU, play: { tile: 'move', from: '13,12', to: '15,12' } },
    instead: 'playMoveInstead',
  },
  { say: 'endSpecialTurn', point: [{ kind: 'control', testid: 'end-turn' }], wait: endTurn(), instead: 'endTurnInstead' },
  // The last turns.
  { say: 'riceVillage', point: [{ kind: 'piece', hex: '16,12', caste: RICE }], wait: 'next', scene: () => parsePosition(SAMURAI_LESSON_POSITION) },
  { say: 'influence', point: [{ kind: 'hex', hex: '15,11' }], wait: 'next' },
  {
    say: 'playRice',
    point: [
      { kind: 'tile', tile: 'rice3' },
      { kind: 'hex', hex: '15,12' },
    ],
    wait: play('rice3', '15,12'),
    instead: 'playRiceInstead',
  },
  {
    say: 'playShip',
    point: [
      { kind: 'tile', tile: 'ship2' },
      { kind: 'hex', hex: '17,12' },
    ],
    wait: play('ship2', '17,12'),
    instead: 'playShipInstead',
  },
  {
    say: 'endFirstTurn',
    point: [{ kind: 'control', testid: 'end-turn' }],
    wait: endTurn(),
    instead: 'endTurnInstead',
    // Ben leads the Buddha village with a samurai, and so closes the rice village's ring.
    then: [play('samurai2', '16,13', BEN), endTurn(BEN)],
  },
  // The village, and Ben's samurai that closed its ring: the bubble keeps clear of both.
  {
    say: 'riceCaptured',
    point: [
      { kind: 'hex', hex: '16,12' },
      { kind: 'hex', hex: '16,13' },
    ],
    wait: 'next',
  },
  { say: 'buddhaVillage', point: [{ kind: 'piece', hex: '16,14', caste: BUDDHA }], wait: 'next' },
  {
    say: 'playBuddha',
    point: [
      { kind: 'tile', tile: 'buddha4' },
      { kind: 'hex', hex: '15,13' },
    ],
    wait: play('buddha4', '15,13'),
    instead: 'playBuddhaInstead',
  },
  { say: 'endLastTurn', point: [{ kind: 'control', testid: 'end-turn' }], wait: endTurn(), instead: 'endTurnInstead' },
  { say: 'scoring', point: [{ kind: 'control', testid: 'score-table' }], wait: 'next' },
];

export const SAMURAI_LESSON: Lesson<GameState, Move, SamuraiTarget, SamuraiLessonKey> = {
  initial: samuraiLessonStart,
  steps: STEPS,
  you: YOU,
};

/** Whether a step's target is there to point at in `state` (a control: whether the screen shows it then). */
export function samuraiTargetExists(state: GameState, target: SamuraiTarget): boolean {
  const board = boardFor(state.players);
  switch (target.kind) {
    case 'hex': {
      const index = hexIndex(target.hex);
      return index >= 0 && board.onBoard[index];
    }
    case 'piece': {
      const index = hexIndex(target.hex);
      const settlement = index >= 0 ? HEXES[index].settlement : -1;
      return settlement >= 0 && target.caste >= 0 && target.caste < PIECES.length && (state.pieces[settlement] & (1 << target.caste)) !== 0;
    }
    case 'tile':
      return state.hands[YOU].some((id) => TILE_NAMES[id] === target.tile);
    case 'caste':
      return state.phase === 'pieces' && state.supply[target.caste] > 0;
    case 'control':
      switch (target.testid) {
        case 'score-table':
          return state.phase === 'over';
        case 'end-turn':
          return state.phase === 'play' && state.seat === YOU;
        case 'pick-for-me':
        case 'confirm-hand':
          return state.phase === 'hands' && !state.handChosen[YOU];
        default:
          return true;
      }
  }
}
