import { mangoku } from '@samurai/shared';
import { after, playSeeded, position } from '@samurai/shared/src/games/mangoku/test-helpers';
import { Flight, flightsBetween } from './flights';

const BASE = '3p; turn 0; coins 4 4 4; centre 2; hand1 peasant bandit; hand2 monk merchant; supply captain ninja kabuki peasant monk peasant; bottom warlord';
const v = (s: mangoku.GameState, viewer: number | 'spectator' = 'spectator') => mangoku.viewFor(s, viewer);
const where = (p: Flight['from']) => (p.kind === 'seat' ? `seat${p.seat}` : p.kind);
const describe_ = (flights: Flight[]) => flights.map((f) => `${f.kind === 'card' ? (f.card ?? 'back') : `${f.count} coin`} ${where(f.from)}>${where(f.to)}`);

describe('flights', () => {
  it('fly a played card to the discard pile and an eliminated hand after it, then the draw', () => {
    const before = position(`${BASE}; hand0 warlord monk peasant`);
    const played = after(before, '0 warlord>1');
    expect(describe_(flightsBetween(v(before), v(played)))).toEqual(['warlord seat0>discard']);
    const done = after(played, '1 answer defend');
    expect(describe_(flightsBetween(v(played), v(done)))).toEqual(['peasant seat1>discard', 'bandit seat1>discard', 'back supply>seat2']);
  });

  it('fly a Monk from its player and coins between players', () => {
    const asked = after(position(`${BASE}; hand0 bandit monk peasant`), '0 bandit>2');
    const done = after(asked, '2 answer monk');
    expect(describe_(flightsBetween(v(asked), v(done)))).toEqual(['monk seat2>discard', 'back supply>seat1', 'back supply>seat2']);
    const robbed = after(position(`${BASE}; hand0 bandit monk peasant`), '0 bandit>1', '1 answer accept');
    expect(describe_(flightsBetween(v(asked), v(robbed))).filter((f) => f.includes('coin'))).toEqual(['1 coin seat1>seat0']);
  });

  it('fly a card taken from a hand face down to its taker', () => {
    const asked = after(position(`${BASE}; hand0 teamaster monk peasant`), '0 teamaster>1', '1 answer accept');
    const picked = after(asked, 'pick bandit');
    expect(describe_(flightsBetween(v(asked), v(picked)))).toEqual(['back seat1>seat0', 'back supply>seat1']);
    // Its face shows once played.
    const played = after(picked, '0 bandit>2');
    expect(describe_(flightsBetween(v(picked), v(played)))).toEqual(['bandit seat0>discard']);
  });

  it('deal a new campaign: two cards to each player, the pot to its winner and the ante', () => {
    const s = after(position(`2p; turn 0; coins 2 4; centre 2; out 1; hand0 warlord monk peasant; hand1 peasant bandit; supply captain`), '0 warlord>1');
    const ended = after(s, '1 answer defend');
    expect(ended.step.kind).toBe('deal');
    const dealt = after(ended, `deal ${mangoku.cardsInPlay(2).join(',')}`);
    expect(describe_(flightsBetween(v(s), v(dealt)))).toEqual([
      'back supply>seat0',
      'back supply>seat1',
      'back supply>seat0',
      'back supply>seat1',
      '2 coin centre>seat0',
      '1 coin seat0>centre',
      '1 coin seat1>centre',
      '1 coin centre>out',
    ]);
  });

  it('fly the card a played Peasant leaves, even when the turn ends with it', () => {
    const before = position(`${BASE}; hand0 peasant monk captain`);
    expect(describe_(flightsBetween(v(before), v(after(before, '0 peasant'))))).toEqual(['peasant seat0>discard', 'back supply>seat1']);
  });

  it('never show a face its viewer may not see, over whole games', () => {
    for (let g = 0; g < 6; g++) {
      let previous: mangoku.GameState | null = null;
      const check = (state: mangoku.GameState) => {
        if (previous && state.step.kind !== 'deal') {
          for (const viewer of ['spectator', 0] as const) {
            const prev = v(previous, viewer);
            const next = v(state, viewer);
            for (const f of flightsBetween(prev, next)) {
              if (f.kind === 'card' && f.card !== null) expect(f.from.kind === 'discard' || f.to.kind === 'discard').toBe(true);
            }
            // Coins are conserved: what leaves somewhere arrives somewhere.
            const moved = flightsBetween(prev, next).filter((f) => f.kind === 'coin');
            const delta = (place: string) =>
              moved.reduce((n, f) => n + (f.kind === 'coin' ? (where(f.to) === place ? f.count : 0) - (where(f.from) === place ? f.count : 0) : 0), 0);
            for (let s = 0; s < next.players; s++) expect(delta(`seat${s}`)).toBe(next.coins[s] - prev.coins[s]);
          }
        }
        previous = structuredClone(state);
      };
      const final = playSeeded(g, (state) => check(state));
      check(final);
    }
  });
});
