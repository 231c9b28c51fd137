import { HEXES, hexIndex } from './board';
import { influence } from './capture';
import { MoveError } from './errors';
import { formatPosition } from './notation';
import { after, position, refusal } from './test-helpers';

/*
 * 2-player board:
 *   village 14,7: land 15,7 14,8; sea 13,6 14,6 15,6 13,7
 *   village 16,8: land 15,7 15,8 16,9; sea 16,7 17,7 17,8
 *   city 14,9:    land 14,8 15,8 15,9 14,10; sea 13,8 13,9
 *   Edo 14,13:    land 13,12 14,12 15,12 13,13 15,13 14,14
 *   village 16,14: land 16,13 15,13; sea 17,13 17,14 16,15 15,14
 * Edo's pieces keep every caste on the board, so no fixture ends the game unless it means to.
 */
const show = formatPosition;
const settlementAt = (name: string) => HEXES[hexIndex(name)].settlement;

describe('surrounding', () => {
  it('captures once every land neighbour holds a tile; the sea need not be filled', () => {
    const before = position('2p end-of-turn seat:0; tiles 15,7=1.rice2; pieces 14,7=b 14,13=brc; hand0 buddha2');
    const ended = after(before, '0 buddha2@14,8', '0 end');
    expect(show(ended)).toBe('2p end-of-turn seat:1; tiles 15,7=1.rice2 14,8=0.buddha2; pieces 14,13=brc; captured0 1/0/0');
    expect(ended.turns[0].captures).toEqual([{ hex: '14,7', piece: 'buddha', seat: 0 }]);
  });

  it('judges nothing while one land neighbour is empty, however strong the tiles', () => {
    const before = position('2p end-of-turn seat:0; tiles 14,8=1.samurai3 15,8=1.castle4; pieces 14,9=bc 14,13=brc; hand0 castle4 ship2');
    const ended = after(before, '0 castle4@15,9', '0 ship2@13,9', '0 end');
    expect(ended.pieces[settlementAt('14,9')]).toBe(0b101);
    expect(ended.turns[0].captures).toEqual([]);
  });

  it('counts ships on the sea next to the settlement', () => {
    const before = position('2p end-of-turn seat:0; tiles 15,7=1.buddha3; pieces 14,7=b 14,13=brc; hand0 ship1 ship2 samurai1');
    const ended = after(before, '0 ship1@14,6', '0 ship2@13,6', '0 samurai1@14,8', '0 end');
    // Seat 0: 1 + 2 + 1 = 4 against seat 1's 3.
    expect(ended.turns[0].captures).toEqual([{ hex: '14,7', piece: 'buddha', seat: 0 }]);
  });

  it('counts only tiles bordering the settlement', () => {
    // 15,9 and 13,9 do not border 14,7; seat 1's buddha2 on 15,7 does.
    const before = position('2p end-of-turn seat:0; tiles 15,7=1.buddha2 15,9=0.buddha4 13,8=0.ship2; pieces 14,7=b 14,13=brc; hand0 samurai1');
    const ended = after(before, '0 samurai1@14,8', '0 end');
    expect(ended.turns[0].captures).toEqual([{ hex: '14,7', piece: 'buddha', seat: 1 }]);
    expect(show(ended)).toContain('captured1 1/0/0');
  });

  it('judges a settlement whose pieces are gone no more', () => {
    const before = position('2p end-of-turn seat:0; tiles 15,7=1.buddha2; pieces 14,13=brc; hand0 samurai1');
    expect(after(before, '0 samurai1@14,8', '0 end').turns[0].captures).toEqual([]);
  });
});

describe('who wins a piece', () => {
  it('sets a piece aside, owned by nobody, on a tie for highest', () => {
    const before = position('2p end-of-turn seat:0; tiles 15,7=1.buddha2; pieces 14,7=b 14,13=brc; hand0 samurai2');
    const ended = after(before, '0 samurai2@14,8', '0 end');
    expect(show(ended)).toBe('2p end-of-turn seat:1; tiles 15,7=1.buddha2 14,8=0.samurai2; pieces 14,13=brc; aside 1/0/0');
    expect(ended.turns[0].captures).toEqual([{ hex: '14,7', piece: 'buddha', seat: null }]);
  });

  it('sets a piece aside when nobody influences its caste (everyone at 0)', () => {
    // Caste tiles influence their own caste only: rice4 and buddha4 count 0 for a castle.
    const zero = position('2p end-of-turn seat:0; tiles 15,7=1.rice4; pieces 14,7=c 14,13=brc; hand0 buddha4');
    expect(after(zero, '0 buddha4@14,8', '0 end').turns[0].captures).toEqual([{ hex: '14,7', piece: 'castle', seat: null }]);
    // A ship influences every caste: its 2 wins the castle.
    const ship = position('2p end-of-turn seat:0; tiles 15,7=1.rice4 14,6=1.ship2; pieces 14,7=c 14,13=brc; hand0 buddha4');
    expect(after(ship, '0 buddha4@14,8', '0 end').turns[0].captures).toEqual([{ hex: '14,7', piece: 'castle', seat: 1 }]);
  });

  it('judges each piece of a settlement on its own caste', () => {
    // City 14,9 holds buddha and castle. Seat 0: buddha4 + samurai1 (+ ship1 for both castes);
    // seat 1: castle3 + samurai2. Buddha: 4+1+1 = 6 vs 2; castle: 1+1 = 2 vs 3+2 = 5.
    const before = position(
      '2p end-of-turn seat:1; tiles 13,9=0.ship1 14,8=0.buddha4 15,8=1.castle3 15,9=0.samurai1; pieces 14,9=bc 14,13=brc; hand1 samurai2',
    );
    const ended = after(before, '1 samurai2@14,10', '1 end');
    expect(ended.turns[0].captures).toEqual([
      { hex: '14,9', piece: 'buddha', seat: 0 },
      { hex: '14,9', piece: 'castle', seat: 1 },
    ]);
    expect(ended.captured).toEqual([
      [1, 0, 0],
      [0, 0, 1],
    ]);
  });

  it('gives each of Edo’s three pieces to its own strongest seat', () => {
    const before = position(
      '2p end-of-turn seat:0; tiles 13,12=0.buddha4 14,12=1.rice4 15,12=1.castle2 13,13=0.castle3 15,13=1.samurai1; pieces 14,7=b 14,13=brc; hand0 rice2',
    );
    // Buddha 4 vs 1; rice 2 vs 4+1; castle 3 vs 2+1: a tie.
    expect(after(before, '0 rice2@14,14', '0 end').turns[0].captures).toEqual([
      { hex: '14,13', piece: 'buddha', seat: 0 },
      { hex: '14,13', piece: 'rice', seat: 1 },
      { hex: '14,13', piece: 'castle', seat: null },
    ]);
  });

  it('with three seats, a tie for highest sets aside even when a third seat is lower', () => {
    const base = '3p end-of-turn seat:0; tiles 15,7=1.buddha3 14,6=2.ship1; pieces 14,7=b 14,13=brc';
    expect(after(position(`${base}; hand0 buddha3`), '0 buddha3@14,8', '0 end').turns[0].captures).toEqual([{ hex: '14,7', piece: 'buddha', seat: null }]);
    expect(after(position(`${base}; hand0 buddha4`), '0 buddha4@14,8', '0 end').turns[0].captures).toEqual([{ hex: '14,7', piece: 'buddha', seat: 0 }]);
    // The seat to play has no precedence: another seat's higher sum wins.
    expect(after(position(`${base}; hand0 ronin1`), '0 ronin1@14,8', '0 end').turns[0].captures).toEqual([{ hex: '14,7', piece: 'buddha', seat: 1 }]);
  });

  it('sums influence per seat and caste, the move tile counting nothing', () => {
    const s = position('2p end-of-turn seat:0; tiles 14,6=0.ship2 15,7=0.move 14,8=1.rice3; pieces 14,7=b 14,13=brc');
    expect(influence(s, settlementAt('14,7'))).toEqual([
      [2, 2, 2],
      [0, 3, 0],
    ]);
  });
});

describe('capture timing', () => {
  // Seat 1's buddha3 borders 14,7. Seat 0 surrounds it with samurai2 (2), then adds ship2 (2).
  const fixture = (timing: string) => position(`2p ${timing} seat:0; tiles 15,7=1.buddha3; pieces 14,7=b 14,13=brc; hand0 samurai2 ship2`);

  it('end of turn (2015): judged after all the turn’s tiles, so the later ship counts', () => {
    const ended = after(fixture('end-of-turn'), '0 samurai2@14,8', '0 ship2@14,6');
    expect(ended.turnCaptures).toEqual([]);
    expect(after(ended, '0 end').turns[0].captures).toEqual([{ hex: '14,7', piece: 'buddha', seat: 0 }]);
  });

  it('immediate (1998): judged the moment it is surrounded, so the later ship does not count', () => {
    const surrounded = after(fixture('immediate'), '0 samurai2@14,8');
    expect(surrounded.turnCaptures).toEqual([{ hex: '14,7', piece: 'buddha', seat: 1 }]);
    expect(surrounded.captured).toEqual([
      [0, 0, 0],
      [1, 0, 0],
    ]);
    expect(after(surrounded, '0 ship2@14,6', '0 end').turns[0].captures).toEqual([{ hex: '14,7', piece: 'buddha', seat: 1 }]);
  });

  it('end of turn judges the piece a later switch brought in; immediate has already judged', () => {
    const fixtureWithSwitch = (timing: string) => position(`2p ${timing} seat:0; tiles 15,7=1.buddha3; pieces 14,7=b 16,8=r 14,13=brc; hand0 rice4 switch`);
    const late = after(fixtureWithSwitch('end-of-turn'), '0 rice4@14,8', '0 switch buddha@14,7 rice@16,8', '0 end');
    expect(late.turns[0].captures).toEqual([{ hex: '14,7', piece: 'rice', seat: 0 }]);
    const early = after(fixtureWithSwitch('immediate'), '0 rice4@14,8');
    expect(early.turnCaptures).toEqual([{ hex: '14,7', piece: 'buddha', seat: 1 }]);
    expect(refusal(early, '0 switch buddha@14,7 rice@16,8')).toBe(MoveError.SwitchNoPiece);
  });

  it.each(['end-of-turn', 'immediate'])('%s: one tile surrounding two settlements judges both, in board order', (timing) => {
    // 15,13 is the last open land of both Edo and village 16,14.
    const before = position(
      `2p ${timing} seat:0; tiles 13,12=1.samurai1 14,12=1.samurai1 15,12=1.samurai2 13,13=1.samurai2 14,14=1.samurai3 16,13=1.rice2; ` +
        'pieces 14,7=c 14,13=brc 16,14=r; hand0 rice4',
    );
    const ended = after(before, '0 rice4@15,13', '0 end');
    // Seat 1 around Edo: 1+1+2+2+3 = 9 for every caste; seat 0's rice4 is 4. At 16,14: rice 4 vs 2.
    expect(ended.turns[0].captures).toEqual([
      { hex: '14,13', piece: 'buddha', seat: 1 },
      { hex: '14,13', piece: 'rice', seat: 1 },
      { hex: '14,13', piece: 'castle', seat: 1 },
      { hex: '16,14', piece: 'rice', seat: 0 },
    ]);
  });

  it('immediate: a move that fills the last land judges at once, counting the moved tile where it lands', () => {
    const before = position('2p immediate seat:0; tiles 15,9=0.buddha3 15,7=1.buddha2; pieces 14,7=b 14,13=brc; hand0 move');
    expect(after(before, '0 move 15,9>14,8').turnCaptures).toEqual([{ hex: '14,7', piece: 'buddha', seat: 0 }]);
  });
});
