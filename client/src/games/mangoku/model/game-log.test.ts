import { mangoku } from '@samurai/shared';
import { after, playSeeded, position } from '@samurai/shared/src/games/mangoku/test-helpers';
import { logLines } from './game-log';

const names = ['Ann', 'Ben', 'Cleo'];
const BASE = '3p; turn 0; coins 4 4 4; centre 2; hand1 peasant bandit; hand2 monk merchant; supply captain ninja kabuki peasant monk peasant; bottom warlord';
const texts = (state: mangoku.GameState, viewer: number | 'spectator') =>
  logLines(mangoku.viewFor(state, viewer), { names, viewer: viewer === 'spectator' ? -1 : viewer }).map((l) => `${l.kind}: ${l.text}`);

describe('the game log', () => {
  it('tells a blocked attack, with the shown hand in the attacker’s log only', () => {
    const s = after(position(`${BASE}; hand0 captain monk peasant`), '0 captain>1', '1 answer defend');
    expect(texts(s, 0)).toEqual([
      'campaign: Campaign 1: you play first.',
      'play: You played a Captain at Ben.',
      'answers: Ben defended with their hand.',
      'event: Ben blocked the attack with their hand.',
      'private: Ben’s hand that blocked your attack: Peasant, Bandit (shown to you only).',
    ]);
    for (const viewer of [1, 2, 'spectator'] as const) expect(texts(s, viewer).filter((l) => l.startsWith('private'))).toEqual([]);
    expect(texts(s, 1)[2]).toBe('answers: You defended with your hand.');
  });

  it('keeps answers out of the log until the effect resolves', () => {
    const asked = after(position(`${BASE}; hand0 merchant monk peasant`.replace('hand2 monk merchant', 'hand2 monk bandit')), '0 merchant', '1 answer accept');
    expect(texts(asked, 2).join('\n')).not.toContain('accepted');
    const done = after(asked, '2 answer monk');
    expect(texts(done, 2)).toEqual([
      'campaign: Campaign 1: Ann plays first.',
      'play: Ann played the Merchant.',
      'answers: Ben accepted; you played a Monk.',
      'event: You cancelled the effect with a Monk.',
      'event: Ben put 1 coin into the centre pile.',
    ]);
  });

  it('tells a taking chain in one line once it is played', () => {
    const s = after(position(`${BASE}; hand0 teamaster monk peasant`), '0 teamaster>1', '1 answer accept', 'pick bandit', '0 bandit>2', '2 answer accept');
    expect(texts(s, 'spectator')[1]).toBe('play: Ann played the Tea Master at Ben, drew a Bandit at random from Ben’s hand and played it at Cleo.');
    expect(texts(s, 'spectator')).toContain('event: Ann took 1 coin from Cleo.');
  });

  it('tells eliminations, a campaign’s end and the game’s end', () => {
    const s = after(
      position(`2p; turn 0; coins 1 4; centre 2; hand0 warlord monk peasant; hand1 peasant bandit; supply captain`),
      '0 warlord>1',
      '1 answer defend',
    );
    const lines = texts(s, 1);
    expect(lines).toContain('event: You were eliminated: Peasant, Bandit face up onto the discard pile.');
    expect(lines).toContain('end: Campaign 1 is over: one player is left standing.');
    expect(lines).toContain('end: Ann takes the centre pile: 2 coins.');
  });

  it('has a line for every turn of whole games, the same for every viewer but private lines', () => {
    for (let g = 0; g < 5; g++) {
      const final = playSeeded(g);
      const spectator = texts(final, 'spectator');
      const turns = final.campaigns.reduce((n, c) => n + c.turns.length, 0);
      expect(spectator.filter((l) => l.startsWith('play:'))).toHaveLength(turns);
      expect(spectator.filter((l) => l.startsWith('campaign:'))).toHaveLength(final.campaigns.length);
      expect(spectator[spectator.length - 1]).toMatch(/^result: .* wins? with \d+ coins?\.$/);
      for (let seat = 0; seat < final.players; seat++) {
        expect(
          texts(final, seat)
            .filter((l) => !l.startsWith('private'))
            .map((l) => l.replace(/\bYou\b|\byou\b|\byour\b|\bYour\b/g, '·')),
        ).toHaveLength(spectator.length);
      }
    }
  });
});
