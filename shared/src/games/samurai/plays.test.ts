import { MoveError } from './errors';
import { formatPosition } from './notation';
import { after, position, refusal } from './test-helpers';

/*
 * Rule fixtures: before-position → moves → after-position (or the code of the refusal).
 * 2-player board around the north of Honshu:
 *   village 14,7: land 15,7 14,8; sea 13,6 14,6 15,6 13,7
 *   village 16,8: land 15,7 15,8 16,9; sea 16,7 17,7 17,8
 *   city 14,9:    land 14,8 15,8 15,9 14,10; sea 13,8 13,9
 *   city 11,15, Edo 14,13; 15,1 is Hokkaido (4 players only), 3,19 Kyushu (3+ players).
 */
const PIECES = 'pieces 14,7=b 16,8=r 14,9=bc 14,13=brc 11,15=rc';
const at = (seat: number, rest: string, timing = 'end-of-turn') => position(`2p ${timing} seat:${seat}; ${rest}`);
const show = formatPosition;

describe('placing tiles', () => {
  it('puts a land tile on empty land, out of the hand; the turn goes on until ended', () => {
    const before = at(0, `${PIECES}; hand0 samurai1 buddha2; hand1 rice2`);
    expect(show(after(before, '0 samurai1@15,7'))).toBe(`2p end-of-turn seat:0; tiles 15,7=0.samurai1; ${PIECES}; hand0 buddha2; hand1 rice2`);
  });

  it('puts ships on empty sea only, and land tiles on empty land only', () => {
    const before = at(0, `${PIECES}; hand0 ship2 ronin1 castle3`);
    expect(show(after(before, '0 ship2@14,6'))).toBe(`2p end-of-turn seat:0; tiles 14,6=0.ship2; ${PIECES}; hand0 castle3 ronin1`);
    expect(refusal(before, '0 ship2@15,7')).toBe(MoveError.NeedsSea);
    expect(refusal(before, '0 ronin1@14,6')).toBe(MoveError.NeedsLand);
    expect(refusal(before, '0 castle3@13,9')).toBe(MoveError.NeedsLand);
  });

  it('never puts a tile on a settlement: village, city, Edo, nor one whose pieces are gone', () => {
    const before = at(0, `pieces 14,9=bc 14,13=brc; hand0 samurai1 ship1`);
    for (const hex of ['14,7', '14,9', '14,13', '11,15']) {
      expect(refusal(before, `0 samurai1@${hex}`)).toBe(MoveError.OnSettlement);
      expect(refusal(before, `0 ship1@${hex}`)).toBe(MoveError.OnSettlement);
    }
  });

  it('refuses a hex holding any tile, its own or another seat’s', () => {
    const before = at(0, `tiles 15,7=0.ronin1 14,8=1.rice2 14,6=1.ship1; ${PIECES}; hand0 samurai1 ship2`);
    expect(refusal(before, '0 samurai1@15,7')).toBe(MoveError.Occupied);
    expect(refusal(before, '0 samurai1@14,8')).toBe(MoveError.Occupied);
    expect(refusal(before, '0 ship2@14,6')).toBe(MoveError.Occupied);
  });

  it('refuses hexes of islands not in play with this many players', () => {
    const two = at(0, `${PIECES}; hand0 samurai1 ship1`);
    expect(refusal(two, '0 samurai1@15,1')).toBe(MoveError.OffBoard);
    expect(refusal(two, '0 samurai1@4,19')).toBe(MoveError.OffBoard);
    expect(refusal(two, '0 ship1@13,0')).toBe(MoveError.OffBoard);
    const three = position(`3p end-of-turn seat:0; ${PIECES}; hand0 samurai1`);
    expect(refusal(three, '0 samurai1@4,19')).toBeNull();
    expect(refusal(three, '0 samurai1@15,1')).toBe(MoveError.OffBoard);
  });

  it('refuses a tile not in hand, and a second copy of a tile held once', () => {
    const before = at(0, `${PIECES}; hand0 ship1 ship2`);
    expect(refusal(before, '0 samurai1@15,7')).toBe(MoveError.TileNotInHand);
    const once = after(before, '0 ship1@14,6');
    expect(refusal(once, '0 ship1@13,6')).toBe(MoveError.TileNotInHand);
  });

  it('allows one non-fast tile and any number of fast tiles, in any order', () => {
    const before = at(0, `${PIECES}; hand0 ronin1 ship1 ship2 switch samurai3; stack0 buddha2 buddha3 buddha4 rice2 rice3 rice4`);
    const played = after(before, '0 ship1@14,6', '0 samurai3@15,7', '0 ronin1@14,8', '0 switch buddha@14,7 rice@16,8', '0 ship2@17,7');
    expect(show(played)).toBe(
      '2p end-of-turn seat:0; tiles 14,6=0.ship1 15,7=0.samurai3 17,7=0.ship2 14,8=0.ronin1; ' +
        'pieces 14,7=r 16,8=b 14,9=bc 14,13=brc 11,15=rc; stack0 buddha2 buddha3 buddha4 rice2 rice3 rice4',
    );
  });

  it('refuses a second non-fast tile, whatever kind either is', () => {
    const before = at(0, `tiles 15,8=0.rice2; ${PIECES}; hand0 samurai1 buddha2 move ronin1`);
    const afterSamurai = after(before, '0 samurai1@15,7');
    expect(refusal(afterSamurai, '0 buddha2@14,8')).toBe(MoveError.OneNonFast);
    expect(refusal(afterSamurai, '0 move 15,8>14,8')).toBe(MoveError.OneNonFast);
    expect(refusal(afterSamurai, '0 ronin1@14,8')).toBeNull();
    const afterMove = after(before, '0 move 15,8>14,8');
    expect(refusal(afterMove, '0 samurai1@15,7')).toBe(MoveError.OneNonFast);
  });
});

describe('the switch', () => {
  it('exchanges two pieces any distance apart and leaves the game', () => {
    const before = at(0, `${PIECES}; hand0 switch samurai1`);
    const played = after(before, '0 switch buddha@14,7 rice@11,15');
    expect(show(played)).toBe('2p end-of-turn seat:0; pieces 14,7=r 16,8=r 14,9=bc 14,13=brc 11,15=bc; hand0 samurai1');
    // Gone for good: not in hand after the turn's refill either.
    const ended = after(played, '0 samurai1@15,7', '0 end');
    expect(ended.hands[0]).toEqual([]);
  });

  it('names its two pieces in either order', () => {
    const before = at(0, `${PIECES}; hand0 switch`);
    expect(show(after(before, '0 switch rice@11,15 buddha@14,7'))).toBe(show(after(before, '0 switch buddha@14,7 rice@11,15')));
  });

  it('swaps a city piece with a village piece when neither ends with two of a caste', () => {
    const before = at(0, `${PIECES}; hand0 switch`);
    expect(show(after(before, '0 switch castle@14,9 rice@16,8'))).toBe('2p end-of-turn seat:0; pieces 14,7=b 16,8=c 14,9=br 14,13=brc 11,15=rc');
  });

  it('refuses swaps that change nothing or break the one-caste-per-settlement rule', () => {
    const before = at(0, `${PIECES}; hand0 switch`);
    expect(refusal(before, '0 switch buddha@14,9 castle@14,9')).toBe(MoveError.SwitchSameSettlement);
    expect(refusal(before, '0 switch rice@14,13 castle@14,13')).toBe(MoveError.SwitchSameSettlement);
    expect(refusal(before, '0 switch buddha@14,7 buddha@14,9')).toBe(MoveError.SwitchSameCaste);
    expect(refusal(before, '0 switch rice@16,8 rice@14,13')).toBe(MoveError.SwitchSameCaste);
    // 14,9 holds buddha and castle: it cannot take 14,7's buddha for its castle.
    expect(refusal(before, '0 switch castle@14,9 buddha@14,7')).toBe(MoveError.SwitchDuplicateCaste);
    // Edo holds all three castes: any swap with it would double one of them.
    expect(refusal(before, '0 switch buddha@14,13 rice@16,8')).toBe(MoveError.SwitchDuplicateCaste);
  });

  it('refuses pieces that are not there', () => {
    const before = at(0, `${PIECES}; hand0 switch`);
    expect(refusal(before, '0 switch castle@14,7 rice@16,8')).toBe(MoveError.SwitchNoPiece);
    expect(refusal(before, '0 switch buddha@14,7 rice@16,10')).toBe(MoveError.SwitchNoPiece);
    // A land hex holds no pieces at all.
    expect(
      refusal(before, {
        type: 'play',
        seat: 0,
        play: {
          tile: 'switch',
          swap: [
            { hex: '15,7', piece: 'rice' },
            { hex: '14,7', piece: 'buddha' },
          ],
        },
      }),
    ).toBe(MoveError.SwitchNoPiece);
    expect(refusal(before, '0 switch buddha@14,1 rice@16,8')).toBe(MoveError.OffBoard);
  });

  it('may be played besides the turn’s non-fast tile', () => {
    const before = at(0, `${PIECES}; hand0 switch samurai1`);
    expect(refusal(after(before, '0 samurai1@15,7'), '0 switch buddha@14,7 rice@16,8')).toBeNull();
  });
});

describe('the move tile', () => {
  it('moves an own tile from an earlier turn to empty land and stays where it was', () => {
    const before = at(0, `tiles 15,7=0.buddha3; ${PIECES}; hand0 move ronin1`);
    expect(show(after(before, '0 move 15,7>15,9'))).toBe(`2p end-of-turn seat:0; tiles 15,7=0.move 15,9=0.buddha3; ${PIECES}; hand0 ronin1`);
  });

  it('moves caste and samurai tiles only, and only the mover’s own', () => {
    const before = at(0, `tiles 15,7=0.samurai2 14,8=0.ronin1 14,6=0.ship2 15,8=1.castle4 15,9=0.castle2; ${PIECES}; hand0 move`);
    expect(refusal(before, '0 move 15,7>16,9')).toBeNull();
    expect(refusal(before, '0 move 15,9>16,9')).toBeNull();
    expect(refusal(before, '0 move 14,8>16,9')).toBe(MoveError.MoveFastTile);
    expect(refusal(before, '0 move 14,6>16,9')).toBe(MoveError.MoveFastTile);
    expect(refusal(before, '0 move 15,8>16,9')).toBe(MoveError.MoveNotYours);
    expect(refusal(before, '0 move 14,10>16,9')).toBe(MoveError.MoveNoTile);
    // A settlement holds no tile to move.
    expect(refusal(before, '0 move 14,7>16,9')).toBe(MoveError.MoveNoTile);
  });

  it('puts the tile on empty land only, never where it already lies', () => {
    const before = at(0, `tiles 15,7=0.samurai2 15,8=1.castle4; ${PIECES}; hand0 move`);
    expect(refusal(before, '0 move 15,7>15,7')).toBe(MoveError.Occupied);
    expect(refusal(before, '0 move 15,7>15,8')).toBe(MoveError.Occupied);
    expect(refusal(before, '0 move 15,7>14,6')).toBe(MoveError.NeedsLand);
    expect(refusal(before, '0 move 15,7>14,9')).toBe(MoveError.OnSettlement);
    expect(refusal(before, '0 move 15,7>15,1')).toBe(MoveError.OffBoard);
  });

  it('cannot move a tile placed this turn (that would be a second non-fast tile)', () => {
    const before = at(0, `${PIECES}; hand0 move samurai1`);
    expect(refusal(after(before, '0 samurai1@15,7'), '0 move 15,7>14,8')).toBe(MoveError.OneNonFast);
  });

  it('leaves a strength-0 tile that fills the hex it left: the neighbours stay covered', () => {
    // 14,7's land is 15,7 and 14,8: after the move both hold a tile, so 14,7 is surrounded;
    // only the moved buddha3 counts for seat 0, and it wins against seat 1's nothing.
    const before = at(0, `tiles 15,7=0.buddha3; ${PIECES}; hand0 move`);
    const ended = after(before, '0 move 15,7>14,8', '0 end');
    expect(show(ended)).toBe('2p end-of-turn seat:1; tiles 15,7=0.move 14,8=0.buddha3; pieces 16,8=r 14,9=bc 14,13=brc 11,15=rc; captured0 1/0/0');
    expect(ended.turns[0].captures).toEqual([{ hex: '14,7', piece: 'buddha', seat: 0 }]);
  });
});

describe('taking back plays', () => {
  const before = at(0, `tiles 15,8=0.rice2; ${PIECES}; hand0 move ship1 ronin1 switch samurai2`);

  it('takes back each kind of play exactly', () => {
    for (const play of ['0 samurai2@15,7', '0 ship1@14,6', '0 ronin1@14,8', '0 move 15,8>14,8', '0 switch buddha@14,7 rice@16,8']) {
      expect(show(after(before, play, '0 undo'))).toBe(show(before));
    }
  });

  it('takes back a switch by putting both pieces back', () => {
    const swapped = after(before, '0 switch castle@14,9 rice@16,8');
    expect(swapped.pieces).not.toEqual(before.pieces);
    expect(after(swapped, '0 undo').pieces).toEqual(before.pieces);
  });

  it('takes back repeatedly, last play first, until nothing is left', () => {
    const played = after(before, '0 ship1@14,6', '0 switch buddha@14,7 rice@16,8', '0 move 15,8>15,7', '0 ronin1@14,8');
    expect(show(after(played, '0 undo', '0 undo'))).toBe(show(after(before, '0 ship1@14,6', '0 switch buddha@14,7 rice@16,8')));
    const all = after(played, '0 undo', '0 undo', '0 undo', '0 undo');
    expect(show(all)).toBe(show(before));
    expect(all.turnPlays).toEqual([]);
    expect(refusal(all, '0 undo')).toBe(MoveError.NothingToUndo);
  });

  it('frees the turn’s non-fast tile again', () => {
    const undone = after(before, '0 samurai2@15,7', '0 undo');
    expect(refusal(undone, '0 move 15,8>15,7')).toBeNull();
  });

  it('is refused once the turn has ended', () => {
    const ended = after(before, '0 samurai2@15,7', '0 end');
    expect(refusal(ended, '0 undo')).toBe(MoveError.NotYourTurn);
    expect(refusal(ended, '1 undo')).toBe(MoveError.NothingToUndo);
  });

  it('with end-of-turn captures, is allowed even for the play that surrounds a settlement', () => {
    const s = at(0, `tiles 15,7=0.samurai1; ${PIECES}; hand0 samurai2`);
    expect(show(after(s, '0 samurai2@14,8', '0 undo'))).toBe(show(s));
  });

  it('with immediate captures, is allowed before a capture and refused for every play after one', () => {
    const s = at(0, `tiles 15,7=0.samurai1; ${PIECES}; hand0 samurai2 ship1 ship2`, 'immediate');
    expect(show(after(s, '0 ship1@13,6', '0 undo'))).toBe(show(s));
    const captured = after(s, '0 ship1@13,6', '0 samurai2@14,8');
    expect(captured.turnCaptures).toEqual([{ hex: '14,7', piece: 'buddha', seat: 0 }]);
    expect(refusal(captured, '0 undo')).toBe(MoveError.UndoAfterCapture);
    expect(refusal(after(captured, '0 ship2@17,7'), '0 undo')).toBe(MoveError.UndoAfterCapture);
  });
});
