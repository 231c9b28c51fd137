import { formatPosition, hexIndex, HEXES, parseMove, parsePosition, SETTLEMENTS, viewFor } from '@samurai/shared';
import { previewMove } from './preview';

/*
 * 2-player board (as the engine's capture tests):
 *   village 14,7: land 15,7 14,8; sea 13,6 14,6 15,6 13,7
 *   city 14,9:    land 14,8 15,8 15,9 14,10; sea 13,8 13,9
 *   Edo 14,13:    land 13,12 14,12 15,12 13,13 15,13 14,14
 */
const settlementAt = (name: string) => HEXES[hexIndex(name)].settlement;
const preview = (position: string, move: string, seat = 0) => previewMove(viewFor(parsePosition(position), seat), parseMove(move)!);

describe('a play previewed', () => {
  it('shows the influence it adds on every piece of each settlement it touches, and the land it closes', () => {
    const p = preview('2p end-of-turn seat:0; tiles 15,7=1.rice2; pieces 14,7=b 14,9=rc 14,13=brc; hand0 samurai3', '0 samurai3@14,8')!;
    expect(p.hexes).toEqual([hexIndex('14,8')]);
    // 14,8 borders the village 14,7 and the city 14,9, nothing else.
    expect(p.settlements.map((s) => HEXES[SETTLEMENTS[s.settlement].hex].name)).toEqual(['14,7', '14,9']);
    const village = p.settlements[0];
    expect(village).toMatchObject({ openBefore: 1, openAfter: 0, surrounds: true });
    expect(village.pieces).toEqual([{ caste: 0, before: [0, 0], after: [3, 0], leaderBefore: null, leaderAfter: 0 }]);
    const city = p.settlements[1];
    expect(city).toMatchObject({ openBefore: 4, openAfter: 3, surrounds: false });
    expect(city.pieces.map((piece) => [piece.caste, piece.after])).toEqual([
      [1, [3, 0]],
      [2, [3, 0]],
    ]);
  });

  it('says who would capture what when the turn ends, and leaves the pieces on the board until then', () => {
    const p = preview('2p end-of-turn seat:0; tiles 15,7=1.buddha2; pieces 14,7=b 14,13=brc; hand0 samurai3', '0 samurai3@14,8')!;
    expect(p.capturesWhen).toBe('end of turn');
    expect(p.captures).toEqual([{ settlement: settlementAt('14,7'), caste: 0, seat: 0 }]);
    expect(p.table.pieces[settlementAt('14,7')]).toBe(0b001);
  });

  it('shows a capture made at once with immediate timing, the piece still drawn (to be ringed) but no longer led', () => {
    const p = preview('2p immediate seat:0; tiles 15,7=1.buddha4; pieces 14,7=b 14,13=brc; hand0 samurai3', '0 samurai3@14,8')!;
    expect(p.capturesWhen).toBe('now');
    expect(p.captures).toEqual([{ settlement: settlementAt('14,7'), caste: 0, seat: 1 }]);
    expect(p.table.pieces[settlementAt('14,7')]).toBe(0b001);
    expect(p.settlements[0].pieces[0]).toMatchObject({ before: [0, 4], after: [3, 4], leaderBefore: 1, leaderAfter: null });
  });

  it('says a tie sets the piece aside', () => {
    const p = preview('2p end-of-turn seat:0; tiles 15,7=1.buddha2; pieces 14,7=b 14,13=brc; hand0 samurai2', '0 samurai2@14,8')!;
    expect(p.captures).toEqual([{ settlement: settlementAt('14,7'), caste: 0, seat: null }]);
  });

  it('counts this turn’s earlier plays in what the end of the turn would judge', () => {
    const before = parsePosition('2p end-of-turn seat:0; tiles 15,7=1.buddha2; pieces 14,7=b 14,13=brc; hand0 samurai3 ronin1');
    const played = previewMove(viewFor(before, 0), parseMove('0 samurai3@14,8')!)!;
    const next = viewFor({ ...before, ...played.table, stacks: before.stacks } as never, 0);
    // With the samurai down (and the village surrounded), a ronin far away still ends the turn with that capture.
    const p = previewMove(next, parseMove('0 ronin1@14,12')!)!;
    expect(p.captures).toEqual([{ settlement: settlementAt('14,7'), caste: 0, seat: 0 }]);
  });

  it('shows a switch as pieces changing places', () => {
    const p = preview('2p end-of-turn seat:0; pieces 14,7=b 14,9=rc 14,13=brc; hand0 switch', '0 switch buddha@14,7 rice@14,9')!;
    expect(p.hexes).toEqual([]);
    expect(p.settlements.map((s) => s.settlement)).toEqual([settlementAt('14,7'), settlementAt('14,9')]);
    expect(p.table.pieces[settlementAt('14,7')]).toBe(0b010);
    expect(p.table.pieces[settlementAt('14,9')]).toBe(0b101);
  });

  it('is null for a play the engine refuses, and for moves that are not plays; the view is left as it was', () => {
    const position = '2p end-of-turn seat:0; tiles 14,8=1.rice2; pieces 14,7=b 14,13=brc; hand0 samurai3';
    const view = viewFor(parsePosition(position), 0);
    const shown = formatPosition(view);
    expect(previewMove(view, parseMove('0 samurai3@14,8')!)).toBeNull(); // occupied
    expect(previewMove(view, parseMove('1 samurai3@15,8')!)).toBeNull(); // not seat 1's turn
    expect(previewMove(view, parseMove('0 end')!)).toBeNull();
    previewMove(view, parseMove('0 samurai3@15,8')!);
    expect(formatPosition(view)).toBe(shown);
  });

  it('works on a 4-player view whose other tallies are hidden, and reveals none of them', () => {
    const state = parsePosition('4p end-of-turn seat:2; tiles 15,7=1.buddha2; pieces 14,7=b 14,13=brc; hand2 samurai3; captured1 2/0/0');
    const view = viewFor(state, 2);
    expect(view.captured[1]).toBeNull();
    const p = previewMove(view, parseMove('2 samurai3@14,8')!)!;
    expect(p.captures).toEqual([{ settlement: settlementAt('14,7'), caste: 0, seat: 2 }]);
    expect(JSON.stringify(p)).not.toContain('"captured":[[0,0,0],[2,0,0]');
  });
});
