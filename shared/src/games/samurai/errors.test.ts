import { applyMove } from './apply';
import { RoomError } from '../../table/errors';
import { MOVE_ERROR_MESSAGES, MOVE_ERRORS, MoveError } from './errors';
import { createGameWithPools, GameState, Move } from './state';
import { after, move, position } from './test-helpers';
import { TILE_SET } from './tiles';

/** A 2-player game still choosing hands; every seat's pool is the tile set in TILE_NAMES order. */
function choosingHands(): GameState {
  return createGameWithPools({ players: 2 }, [TILE_SET, TILE_SET], null);
}

/** A 2-player game placing pieces (random starting hands skip the choice). */
function placingPieces(): GameState {
  return createGameWithPools({ players: 2, options: { startingHands: 'random' } }, [TILE_SET, TILE_SET], null);
}

// Village 14,7 borders land 15,7 and 14,8 and sea 14,6 15,6 13,7 13,6; Edo (14,13) keeps all
// castes on the board so that no fixture ends the game by accident.
const PLAY = '2p end-of-turn seat:0; pieces 14,7=b 16,8=b 14,9=br 14,13=brc';

/** For every code, a state and a move that applyMove must refuse with exactly that code. */
const CASES: Record<MoveError, () => { state: GameState; move: unknown }> = {
  [MoveError.Malformed]: () => ({ state: position(`${PLAY}; hand0 samurai1`), move: { type: 'dance', seat: 0 } }),
  [MoveError.UnknownSeat]: () => ({ state: choosingHands(), move: move('2 choose buddha2,buddha3,buddha4,rice2,rice3') }),
  [MoveError.GameOver]: () => ({
    // Neither seat can play: the second pass completes a round of passes and ends the game.
    state: after(position('2p end-of-turn seat:1; pieces 14,13=brc; passes 1'), '1 pass'),
    move: move('0 pass'),
  }),
  [MoveError.WrongPhase]: () => ({ state: choosingHands(), move: move('0 samurai1@15,7') }),
  [MoveError.NotYourTurn]: () => ({ state: position(`${PLAY}; hand0 samurai1; hand1 samurai1`), move: move('1 samurai1@15,7') }),
  [MoveError.UnknownHex]: () => ({
    state: position(`${PLAY}; hand0 samurai1`),
    // Notation refuses unknown hexes, so the move is written out.
    move: { type: 'play', seat: 0, play: { tile: 'samurai1', hex: '40,40' } },
  }),
  // 15,1 is Hokkaido land: in play with 4 players only.
  [MoveError.OffBoard]: () => ({ state: position(`${PLAY}; hand0 samurai1`), move: move('0 samurai1@15,1') }),
  [MoveError.HandAlreadyChosen]: () => ({
    state: after(choosingHands(), '0 choose buddha2,buddha3,buddha4,rice2,rice3'),
    move: move('0 choose samurai1,samurai1,samurai2,samurai2,samurai3'),
  }),
  [MoveError.HandWrongSize]: () => ({ state: choosingHands(), move: move('0 choose buddha2,buddha3,buddha4,rice2') }),
  [MoveError.HandNotOwned]: () => ({ state: choosingHands(), move: move('0 choose samurai3,samurai3,buddha4,rice2,rice3') }),
  [MoveError.SetupNotASettlement]: () => ({ state: placingPieces(), move: move('0 piece rice@15,7') }),
  [MoveError.SetupCitiesFirst]: () => ({ state: placingPieces(), move: move('0 piece rice@14,7') }),
  [MoveError.SetupSettlementFull]: () => ({ state: placingPieces(), move: move('0 piece rice@14,13') }),
  [MoveError.SetupSameCaste]: () => ({ state: after(placingPieces(), '0 piece rice@14,9'), move: move('1 piece rice@14,9') }),
  [MoveError.SetupNoneLeft]: () => ({
    // 2 players: 7 rice, one in Edo; two go on the cities and four on villages: none is left.
    state: after(
      placingPieces(),
      '0 piece rice@14,9',
      '1 piece rice@11,15',
      '0 piece buddha@14,9',
      '1 piece buddha@11,15',
      '0 piece rice@14,7',
      '1 piece rice@16,8',
      '0 piece rice@16,10',
      '1 piece rice@14,11',
    ),
    move: move('0 piece rice@12,12'),
  }),
  [MoveError.TileNotInHand]: () => ({ state: position(`${PLAY}; hand0 samurai1`), move: move('0 samurai2@15,7') }),
  [MoveError.OneNonFast]: () => ({
    state: after(position(`${PLAY}; hand0 samurai1 samurai2`), '0 samurai1@15,7'),
    move: move('0 samurai2@14,8'),
  }),
  [MoveError.OnSettlement]: () => ({ state: position(`${PLAY}; hand0 samurai1`), move: move('0 samurai1@14,7') }),
  [MoveError.NeedsLand]: () => ({ state: position(`${PLAY}; hand0 samurai1`), move: move('0 samurai1@14,6') }),
  [MoveError.NeedsSea]: () => ({ state: position(`${PLAY}; hand0 ship1`), move: move('0 ship1@15,7') }),
  [MoveError.Occupied]: () => ({ state: position(`${PLAY}; tiles 15,7=1.rice2; hand0 samurai1`), move: move('0 samurai1@15,7') }),
  [MoveError.SwitchNoPiece]: () => ({ state: position(`${PLAY}; hand0 switch`), move: move('0 switch rice@14,7 rice@14,9') }),
  [MoveError.SwitchSameSettlement]: () => ({ state: position(`${PLAY}; hand0 switch`), move: move('0 switch buddha@14,9 rice@14,9') }),
  [MoveError.SwitchSameCaste]: () => ({ state: position(`${PLAY}; hand0 switch`), move: move('0 switch buddha@14,7 buddha@16,8') }),
  // 14,9 already holds a buddha, so it cannot take 16,8's buddha for its rice.
  [MoveError.SwitchDuplicateCaste]: () => ({ state: position(`${PLAY}; hand0 switch`), move: move('0 switch rice@14,9 buddha@16,8') }),
  [MoveError.MoveNoTile]: () => ({ state: position(`${PLAY}; hand0 move`), move: move('0 move 15,7>14,8') }),
  [MoveError.MoveNotYours]: () => ({ state: position(`${PLAY}; tiles 15,7=1.rice2; hand0 move`), move: move('0 move 15,7>14,8') }),
  [MoveError.MoveFastTile]: () => ({ state: position(`${PLAY}; tiles 15,7=0.ronin1; hand0 move`), move: move('0 move 15,7>14,8') }),
  [MoveError.NothingPlayed]: () => ({ state: position(`${PLAY}; hand0 samurai1`), move: move('0 end') }),
  [MoveError.MustPlay]: () => ({ state: position(`${PLAY}; hand0 samurai1`), move: move('0 pass') }),
  [MoveError.AlreadyPlayed]: () => ({ state: after(position(`${PLAY}; hand0 ronin1 samurai1`), '0 ronin1@15,7'), move: move('0 pass') }),
  [MoveError.NothingToUndo]: () => ({ state: position(`${PLAY}; hand0 samurai1`), move: move('0 undo') }),
  [MoveError.UndoAfterCapture]: () => ({
    // Immediate captures: the samurai surrounds 14,7 and wins its buddha at once.
    state: after(position('2p immediate seat:0; tiles 15,7=0.samurai1; pieces 14,7=b 14,13=brc; hand0 samurai2 ship1'), '0 samurai2@14,8'),
    move: move('0 undo'),
  }),
};

describe('every MoveError code', () => {
  it.each(MOVE_ERRORS)('%s is produced by applyMove on a reachable kind of position', (code) => {
    const { state, move: m } = CASES[code]();
    const before = JSON.stringify(state);
    const result = applyMove(state, m as Move);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toBe(code);
    expect(result.detail.length).toBeGreaterThan(0);
    // A refusal leaves the state exactly as it was.
    expect(JSON.stringify(state)).toBe(before);
  });

  it('has a case here for each code and nothing else', () => {
    expect(Object.keys(CASES).sort()).toEqual([...MOVE_ERRORS].sort());
  });

  it('has distinct codes and an English message for each', () => {
    expect(new Set(MOVE_ERRORS).size).toBe(MOVE_ERRORS.length);
    for (const code of MOVE_ERRORS) expect(MOVE_ERROR_MESSAGES[code]).toMatch(/^[A-Z].*\.$/);
  });
});

describe('malformed moves are refused, never thrown', () => {
  const state = position(`${PLAY}; hand0 samurai1 switch move ship1; tiles 15,7=0.samurai2`);
  const bad: [string, unknown][] = [
    ['null', null],
    ['a string', '0 samurai1@15,7'],
    ['an unknown type', { type: 'attack', seat: 0 }],
    ['a play that is not an object', { type: 'play', seat: 0, play: 7 }],
    ['an unknown tile', { type: 'play', seat: 0, play: { tile: 'dragon5', hex: '15,7' } }],
    ['a tile named after an Object property', { type: 'play', seat: 0, play: { tile: 'constructor', hex: '15,7' } }],
    ['a hex that is not a string', { type: 'play', seat: 0, play: { tile: 'samurai1', hex: 15 } }],
    ['a missing hex', { type: 'play', seat: 0, play: { tile: 'ship1' } }],
    ['a switch with one piece', { type: 'play', seat: 0, play: { tile: 'switch', swap: [{ hex: '14,7', piece: 'buddha' }] } }],
    ['a switch without pieces', { type: 'play', seat: 0, play: { tile: 'switch' } }],
    ['a switch naming no piece', { type: 'play', seat: 0, play: { tile: 'switch', swap: [null, { hex: '14,7', piece: 'buddha' }] } }],
    [
      'a switch with an unknown caste',
      {
        type: 'play',
        seat: 0,
        play: {
          tile: 'switch',
          swap: [
            { hex: '14,7', piece: 'gold' },
            { hex: '14,9', piece: 'rice' },
          ],
        },
      },
    ],
    ['a move without a source', { type: 'play', seat: 0, play: { tile: 'move', to: '14,8' } }],
    ['a move without a target', { type: 'play', seat: 0, play: { tile: 'move', from: '15,7' } }],
  ];
  it.each(bad)('%s', (_, m) => {
    expect(() => applyMove(state, m as Move)).not.toThrow();
    const r = applyMove(state, m as Move);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toBe(MoveError.Malformed);
  });

  it('refuses a hand that is not a list, and a placement of an unknown caste', () => {
    const hands = applyMove(choosingHands(), { type: 'chooseHand', seat: 0, tiles: 'buddha2' } as unknown as Move);
    expect(!hands.ok && hands.error).toBe(MoveError.Malformed);
    const piece = applyMove(placingPieces(), { type: 'placePiece', seat: 0, hex: '14,9', piece: 'gold' } as unknown as Move);
    expect(!piece.ok && piece.error).toBe(MoveError.Malformed);
  });
});

describe('error codes', () => {
  it("are distinct from the table's codes", () => {
    for (const code of Object.values(RoomError)) expect(Object.values(MoveError)).not.toContain(code);
  });
});
