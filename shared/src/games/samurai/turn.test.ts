import { MoveError } from './errors';
import { legalMoves } from './legal';
import { formatPosition } from './notation';
import { after, position, refusal } from './test-helpers';
import { tilesDrawnAtTurnEnd } from './turn';
import { createGame } from './state';
import { seededRng } from '../../random';

/*
 * 2-player board: village 14,7 has land 15,7 and 14,8 (sea 14,6 …); Edo is 14,13.
 * A fixture without a caste anywhere on the board would end at once, so each keeps all three.
 */
const show = formatPosition;
const MOVES = ['0 pass', '0 end', '0 undo', '0 samurai1@15,7', '0 ship1@14,6'];

describe('ending a turn', () => {
  it('refills the hand to 5 from the front of the stack and passes to the next seat', () => {
    const before = position('2p end-of-turn seat:0; pieces 14,7=b 14,13=brc; hand0 samurai1 ship1 rice2; stack0 castle4 buddha2 ronin1 rice4 rice3');
    expect(show(after(before, '0 samurai1@15,7', '0 ship1@14,6', '0 end'))).toBe(
      '2p end-of-turn seat:1; tiles 14,6=0.ship1 15,7=0.samurai1; pieces 14,7=b 14,13=brc; hand0 buddha2 rice2 rice4 castle4 ronin1; stack0 rice3',
    );
  });

  it('refills what the stack still holds, and nothing from an empty stack', () => {
    const short = position('2p end-of-turn seat:0; pieces 14,7=b 14,13=brc; hand0 samurai1 ship1 rice2; stack0 castle4');
    expect(after(short, '0 samurai1@15,7', '0 ship1@14,6', '0 end').hands[0]).toEqual(position('2p end-of-turn seat:0; hand0 rice2 castle4').hands[0]);
    const empty = position('2p end-of-turn seat:0; pieces 14,7=b 14,13=brc; hand0 samurai1');
    expect(after(empty, '0 samurai1@15,7', '0 end').hands[0]).toEqual([]);
  });

  it('says in advance which tiles ending the turn draws, in the order drawn', () => {
    const played = after(
      position('2p end-of-turn seat:0; pieces 14,7=b 14,13=brc; hand0 samurai1 ship1 rice2; stack0 castle4 buddha2 ronin1 rice4 rice3'),
      '0 samurai1@15,7',
      '0 ship1@14,6',
    );
    expect(tilesDrawnAtTurnEnd(played)).toEqual(position('2p end-of-turn seat:0; stack0 castle4 buddha2 ronin1 rice4').stacks[0]);
    const ended = after(played, '0 end');
    expect(ended.stacks[0]).toEqual(position('2p end-of-turn seat:0; stack0 rice3').stacks[0]);
    expect(tilesDrawnAtTurnEnd(position('2p end-of-turn seat:0; hand0 samurai1; stack0'))).toEqual([]);
    // Outside the play phase there is no turn to end (the server asks before it knows a move is legal).
    for (const players of [2, 3, 4] as const) expect(tilesDrawnAtTurnEnd(createGame({ players, options: {} }, seededRng(players)))).toEqual([]);
    expect(tilesDrawnAtTurnEnd(position('2p end-of-turn seat:0; hand0 samurai1 samurai2 samurai3 rice2 rice3; stack0 castle4'))).toEqual([]);
  });

  it('goes round the seats in order, back to seat 0', () => {
    let s = position('3p end-of-turn seat:1; pieces 14,7=b 14,13=brc; hand0 ship1; hand1 ship1; hand2 ship1');
    s = after(s, '1 ship1@14,6', '1 end');
    expect(s.seat).toBe(2);
    s = after(s, '2 ship1@13,6', '2 end');
    expect(s.seat).toBe(0);
    expect(s.turns.map((t) => t.seat)).toEqual([1, 2]);
  });

  it('records the turn’s plays and captures for everyone', () => {
    const before = position('2p end-of-turn seat:0; tiles 15,7=0.samurai1; pieces 14,7=b 14,13=brc; hand0 ronin1 ship2');
    const ended = after(before, '0 ship2@14,6', '0 ronin1@14,8', '0 end');
    expect(ended.turns).toEqual([
      {
        seat: 0,
        plays: [
          { tile: 'ship2', hex: '14,6' },
          { tile: 'ronin1', hex: '14,8' },
        ],
        captures: [{ hex: '14,7', piece: 'buddha', seat: 0 }],
      },
    ]);
    expect(ended.turnPlays).toEqual([]);
    expect(ended.turnCaptures).toEqual([]);
  });

  it('needs at least one tile played', () => {
    expect(refusal(position('2p end-of-turn seat:0; pieces 14,13=brc; hand0 samurai1'), '0 end')).toBe(MoveError.NothingPlayed);
    const undone = after(position('2p end-of-turn seat:0; pieces 14,13=brc; hand0 samurai1'), '0 samurai1@15,7', '0 undo');
    expect(refusal(undone, '0 end')).toBe(MoveError.NothingPlayed);
  });
});

describe('passing', () => {
  it('is allowed only when no tile in hand can be played', () => {
    // The move tile needs an own caste or samurai tile on the board; the switch a legal swap.
    const stuck = position('2p end-of-turn seat:0; tiles 15,7=0.ronin1 15,8=1.samurai1; pieces 14,7=b 16,8=b 14,13=brc; hand0 move switch');
    expect(show(after(stuck, '0 pass'))).toBe(
      '2p end-of-turn seat:1; tiles 15,7=0.ronin1 15,8=1.samurai1; pieces 14,7=b 16,8=b 14,13=brc; hand0 switch move; passes 1',
    );
    expect(after(stuck, '0 pass').turns).toEqual([{ seat: 0, plays: [], captures: [] }]);
    const canMove = position('2p end-of-turn seat:0; tiles 15,7=0.samurai1; pieces 14,7=b 16,8=b 14,13=brc; hand0 move');
    expect(refusal(canMove, '0 pass')).toBe(MoveError.MustPlay);
    const canSwitch = position('2p end-of-turn seat:0; pieces 14,7=b 16,8=r 14,13=brc; hand0 switch');
    expect(refusal(canSwitch, '0 pass')).toBe(MoveError.MustPlay);
    const emptyHand = position('2p end-of-turn seat:0; pieces 14,7=b 14,13=brc');
    expect(refusal(emptyHand, '0 pass')).toBeNull();
  });

  it('is refused once a tile is down, even if it was taken back and nothing else fits', () => {
    const s = position('2p end-of-turn seat:0; pieces 14,7=b 14,13=brc; hand0 ronin1');
    expect(refusal(after(s, '0 ronin1@15,7'), '0 pass')).toBe(MoveError.AlreadyPlayed);
    expect(refusal(after(s, '0 ronin1@15,7', '0 undo'), '0 pass')).toBe(MoveError.MustPlay);
  });

  it('ends the game when a full round passes with no tile played', () => {
    const s = position('3p end-of-turn seat:0; pieces 14,7=b 14,13=brc; captured1 1/0/0');
    const twoPasses = after(s, '0 pass', '1 pass');
    expect(twoPasses.phase).toBe('play');
    expect(twoPasses.passes).toBe(2);
    const over = after(twoPasses, '2 pass');
    expect(over.phase).toBe('over');
    expect(over.seat).toBe(-1);
    expect(over.result).toEqual({
      reason: 'all-passed',
      captured: [
        [0, 0, 0],
        [1, 0, 0],
        [0, 0, 0],
      ],
      aside: [0, 0, 0],
      leaders: [1, null, null],
      winners: [1],
    });
    for (const m of ['0 pass', '1 pass', '2 pass', '0 samurai1@15,7']) expect(refusal(over, m)).toBe(MoveError.GameOver);
  });

  it('starts the count again after any turn with a tile', () => {
    const s = position('3p end-of-turn seat:0; pieces 14,7=b 14,13=brc; hand2 ship1');
    const played = after(s, '0 pass', '1 pass', '2 ship1@14,6', '2 end');
    expect(played.passes).toBe(0);
    expect(after(played, '0 pass', '1 pass').phase).toBe('play');
    expect(after(played, '0 pass', '1 pass', '2 pass').result?.reason).toBe('all-passed');
  });

  it('is the only move legalMoves lists when nothing can be played', () => {
    expect(legalMoves(position('2p end-of-turn seat:1; pieces 14,13=brc; hand1 move'))).toEqual([{ type: 'pass', seat: 1 }]);
  });
});

describe('the end of the game', () => {
  it('comes after the turn in which the last piece of a caste leaves the board', () => {
    // The castle on 14,7 is the last castle on the board.
    const before = position('2p end-of-turn seat:0; tiles 15,7=0.castle3; pieces 14,7=c 14,13=br; hand0 samurai1; captured1 0/0/5');
    const over = after(before, '0 samurai1@14,8', '0 end');
    expect(over.phase).toBe('over');
    expect(over.result).toEqual({
      reason: 'caste-gone',
      captured: [
        [0, 0, 1],
        [0, 0, 5],
      ],
      aside: [0, 0, 0],
      leaders: [null, null, 1],
      winners: [1],
    });
  });

  it('comes after the turn in which the fourth piece is set aside', () => {
    const base = '2p end-of-turn seat:0; tiles 15,7=1.samurai2; pieces 14,7=b 14,13=brc';
    const fourth = after(position(`${base}; hand0 samurai2; aside 1/1/1`), '0 samurai2@14,8', '0 end');
    expect(fourth.result?.reason).toBe('fourth-aside');
    expect(fourth.result?.aside).toEqual([2, 1, 1]);
    const third = after(position(`${base}; hand0 samurai2; aside 1/1/0`), '0 samurai2@14,8', '0 end');
    expect(third.phase).toBe('play');
    expect(third.aside).toEqual([2, 1, 0]);
  });

  it('waits for the end of the turn even when captures are immediate', () => {
    const before = position('2p immediate seat:0; tiles 15,7=0.castle3; pieces 14,7=c 14,13=br; hand0 samurai1 ship2 ronin1');
    const captured = after(before, '0 samurai1@14,8');
    expect(captured.turnCaptures).toEqual([{ hex: '14,7', piece: 'castle', seat: 0 }]);
    expect(captured.phase).toBe('play');
    // The turn goes on with fast tiles; the game ends when it is over.
    const more = after(captured, '0 ship2@14,6', '0 ronin1@16,9');
    expect(more.phase).toBe('play');
    const over = after(more, '0 end');
    expect(over.result?.reason).toBe('caste-gone');
    expect(over.turns[0].plays.length).toBe(3);
  });

  it('is not reached while every caste is still on the board and fewer than four pieces are aside', () => {
    const s = position('2p end-of-turn seat:0; tiles 15,7=0.castle3; pieces 14,7=c 16,8=c 14,13=br; hand0 samurai1; aside 3/0/0');
    expect(after(s, '0 samurai1@14,8', '0 end').phase).toBe('play');
  });

  it('refuses every move afterwards', () => {
    const over = after(position('2p end-of-turn seat:0; tiles 15,7=0.castle3; pieces 14,7=c 14,13=br; hand0 samurai1 ship1'), '0 samurai1@14,8', '0 end');
    for (const m of MOVES) expect(refusal(over, m)).toBe(MoveError.GameOver);
    expect(legalMoves(over, 0)).toEqual([]);
    expect(legalMoves(over, 1)).toEqual([]);
  });
});
