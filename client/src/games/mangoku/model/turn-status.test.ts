import { mangoku } from '@samurai/shared';
import { after, playSeeded, position } from '@samurai/shared/src/games/mangoku/test-helpers';
import { turnStatus } from './turn-status';

const names = ['Ann', 'Ben', 'Cleo'];
const BASE =
  '3p; turn 0; coins 4 4 4; centre 2; hand0 nobleman captain peasant; hand1 monk bandit; hand2 peasant merchant; supply captain ninja kabuki peasant';
const status = (s: mangoku.GameState, viewer: number) => turnStatus(mangoku.viewFor(s, viewer < 0 ? 'spectator' : viewer), { names, viewer });

describe('the banner', () => {
  it('tells the player to play, and the others whose turn it is', () => {
    const s = position(BASE);
    expect(status(s, 0)).toEqual({ headline: 'Your turn: play a card', detail: '', yourTurn: true, seat: 0, turn: 0, clockSeat: 0 });
    expect(status(s, 1)).toMatchObject({ headline: 'Ann’s turn', yourTurn: false, seat: 0 });
    expect(status(s, -1).yourTurn).toBe(false);
  });

  it('asks those a prompt waits for, and tells the rest who it waits for', () => {
    const s = after(position(BASE), '0 captain>1');
    expect(status(s, 1)).toMatchObject({ headline: 'Answer now', detail: 'Ann’s Captain reaches you.', yourTurn: true });
    expect(status(s, 0)).toMatchObject({ headline: 'Waiting for Ben', detail: 'Your Captain attacks Ben: 3 BTL.', yourTurn: false });
    expect(status(s, -1)).toMatchObject({ headline: 'Waiting for Ben', detail: 'Ann’s Captain attacks Ben: 3 BTL.', yourTurn: false });
    expect(status(after(s, '1 answer defend'), 1).headline).not.toBe('Answer now');
  });

  it('keeps the turn with the player whose turn it is while a prompt waits for answers, and no clock in the banner', () => {
    const s = after(position(BASE), '0 captain>1');
    // Ben owes an answer, not a turn: the seat list marks Ann's turn, whoever looks.
    for (const viewer of [1, 0, -1]) expect(status(s, viewer)).toMatchObject({ turn: 0, clockSeat: -1 });
    expect(status(position(BASE), 1)).toMatchObject({ turn: 0, clockSeat: 0 });
    const taking = after(position(BASE), '0 nobleman>2', '2 answer accept');
    expect(status(taking, 2)).toMatchObject({ turn: 0, clockSeat: 0 });
  });

  it('asks the Nobleman’s player to take a card, and the card taken to be played', () => {
    const s = after(position(BASE), '0 nobleman>2', '2 answer accept');
    expect(status(s, 0)).toMatchObject({ headline: 'Choose a card to take', detail: 'From Cleo’s hand, shown to you only.', yourTurn: true });
    expect(status(s, 2)).toMatchObject({ headline: 'Ann chooses a card to take', detail: 'From your hand.', yourTurn: false });
    const taken = after(s, '0 take merchant');
    expect(status(taken, 0)).toMatchObject({ headline: 'Play the card you took', yourTurn: true });
    expect(status(taken, 1)).toMatchObject({ headline: 'Ann’s turn', detail: 'Ann plays the card just taken.' });
  });

  it('never shows an away player’s turn as if they were playing: it waits for them, or a bot plays for them', () => {
    const s = position(BASE);
    const here = { kind: 'human', connected: true, bot: '' };
    const view = mangoku.viewFor(s, 1);
    expect(turnStatus(view, { names, viewer: 1 }, [here, here, here]).headline).toBe('Ann’s turn');
    const away = [{ ...here, connected: false }, here, here];
    expect(turnStatus(view, { names, viewer: 1 }, away)).toMatchObject({
      headline: 'Ann’s turn, but Ann is away',
      detail: 'The game waits for Ann to come back.',
      seat: 0,
      yourTurn: false,
    });
    expect(turnStatus(view, { names, viewer: 1 }, [{ ...here, connected: false, bot: 'greedy' }, here, here])).toMatchObject({
      headline: 'A bot plays for Ann',
      detail: '',
    });
    const taking = after(position(BASE), '0 nobleman>2', '2 answer accept');
    expect(turnStatus(mangoku.viewFor(taking, 2), { names, viewer: 2 }, away)).toMatchObject({
      headline: 'Ann’s turn, but Ann is away',
      detail: 'From your hand. The game waits for Ann to come back.',
    });
    // The one whose turn it is reads about their own turn as before.
    expect(turnStatus(mangoku.viewFor(s, 0), { names, viewer: 0 }, away).headline).toBe('Your turn: play a card');
  });

  it('names the winner at the end', () => {
    const final = playSeeded(3);
    const winner = final.result!.winners[0];
    const n = ['Ann', 'Ben', 'Cleo', 'Dai', 'Eve', 'Fay'];
    expect(turnTo(final, winner, n).headline).toBe('You won the game!');
    expect(turnTo(final, -1, n).headline).toBe(`${n[winner]} won the game`);
    // Nobody's turn, nobody's clock: the winner's row is not marked as playing.
    expect(turnTo(final, winner, n)).toMatchObject({ turn: -1, clockSeat: -1 });
  });
});

function turnTo(s: mangoku.GameState, viewer: number, names: string[]) {
  return turnStatus(mangoku.viewFor(s, viewer < 0 ? 'spectator' : viewer), { names, viewer });
}
