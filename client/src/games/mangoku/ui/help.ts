/**
 * The rules in one dialog, so nobody needs the rulebook: the cards (from the engine's own table),
 * a campaign, battles, the Monk and the prompt, every effect, the ends, what each person may see,
 * and every resolution the project made where the printed rules are silent or contradict
 * themselves (the engine's RESOLUTIONS, word for word).
 */
import { mangoku } from '@samurai/shared';
import { topCloseButton } from '../../../ui/dialog-close';
import { h } from '../../../ui/dom';
import { cardFace } from './card-face';

let dialog: HTMLDialogElement | null = null;

const b = (text: string) => h('b', { text });
const li = (...children: (string | Node)[]) => h('li', {}, ...children);

function cardTable(): HTMLElement {
  const counts = [2, 4, 6].map((n) => mangoku.cardCounts(n as mangoku.PlayerCount));
  return h(
    'table',
    { class: 'mk-rules-cards' },
    h('thead', {}, h('tr', {}, h('th', { text: 'Card' }), h('th', { text: '2–3 · 4–5 · 6' }), h('th', { text: 'BTL' }), h('th', { text: 'HNR' }), h('th', { text: 'When played' }))),
    h(
      'tbody',
      {},
      mangoku.CARD_NAMES.map((card) => {
        const info = mangoku.CARDS[card];
        return h(
          'tr',
          { dataset: { card } },
          h('th', { scope: 'row' }, cardFace(card)),
          h('td', { text: counts.map((c) => String(c[card])).join(' · ') }),
          h('td', { text: String(info.btl) }),
          h('td', { text: String(info.hnr) }),
          h('td', { text: info.effect }),
        );
      }),
    ),
  );
}

function body(): HTMLElement {
  return h(
    'div',
    { class: 'help-body' },
    topCloseButton('Close the rules'),
    h('h2', { id: 'mk-help-title', text: 'How to play Mangoku' }),
    h('p', {}, 'A samurai card game for 2–6 players (ENGINE ID & Madara LLC, 2017; designer Ko Sasahara). The game is played in ', b('campaigns'), '; each one’s winner takes the coins in the centre. When anyone runs out of coins, the most coins wins.'),
    h('h3', { text: 'The cards' }),
    h('p', { class: 'muted small', text: 'How many of each are in play with 2–3, 4–5 and 6 players (18, 25 and 30 cards). BTL are battle points, HNR honour points.' }),
    cardTable(),
    h('h3', { text: 'Setting up' }),
    h(
      'ul',
      {},
      li('Everyone starts with ', b('5 coins'), ' (4 with 2 players); coins are always public.'),
      li('The first player of the first campaign is drawn at random; play goes clockwise (seat order).'),
    ),
    h('h3', { text: 'A campaign' }),
    h(
      'ul',
      {},
      li('All cards in play are shuffled; everyone gets ', b('2 cards'), ' (secret). The rest is the face-down ', b('supply'), '. Its top card starts the ', b('discard pile'), ' face down: nobody ever sees it.'),
      li('Everyone puts 1 coin into the ', b('centre pile'), '; then 1 coin leaves the game.'),
      li(b('Your turn: '), 'draw the top card of the supply (you hold 3), then play one card face up onto the discard pile and carry out its effect. Two Peasants may be played together as an ', b('Ikki'), '. A card whose target does not exist is played without effect.'),
      li(b('Hand refill: '), 'whenever a player still in the campaign holds fewer than 2 cards (a card taken, a Monk played, a Ninja), they draw at once until they hold 2, before a taken card is played; several players draw in seat order from the active player. Someone who needs a card, finds the supply empty and holds none is eliminated. With the supply empty you play on with what you hold.'),
      li('If you are the only player left in the campaign at the end of your turn, the campaign ends and you win it.'),
    ),
    h('h3', { text: 'Targets' }),
    h(
      'ul',
      {},
      li('Attacks (Captain, Commander, Warlord, Ikki), Ninja, Tea Master, Nobleman, Shrine Maiden and a Princess aimed at a player reach only ', b('other players still in the campaign'), '.'),
      li('Bandit and Merchant also reach ', b('eliminated'), ' players (they keep their coins). A player with no coins has nothing to give.'),
      li('A Commander’s two targets must be different players; with one possible target it attacks one. Every effect is mandatory when its target exists; you choose the target.'),
    ),
    h('h3', { text: 'Battle' }),
    h('p', {}, 'An attack has a BTL value (the card’s, or 5 for an Ikki). Attacks on several players are separate: each defender answers on their own, then all outcomes apply together. A defender may:'),
    h(
      'ol',
      {},
      li(b('play a Monk'), ' to cancel the attack on them;'),
      li(b('pay 1 coin'), ' into the centre pile to block it, but only ', b('before their own first turn of this campaign'), ';'),
      li(b('defend with their hand'), ': the sum of its BTL. If it is at least the attack’s BTL, the attack is blocked and the hand is shown ', b('to the attacker only'), '. Otherwise the defender is ', b('eliminated'), ': their hand goes face up onto the discard pile; they keep their coins and sit out until the next campaign.'),
    ),
    h('p', {}, 'Two Peasants in a defender’s hand are just 1 + 1 BTL. An attacker is never harmed. If the attacker is the only one left after a battle, the campaign ends and they win it.'),
    h('h3', { text: 'The Monk, and the prompt' }),
    h(
      'ul',
      {},
      li('Whenever a card’s effect is about to apply to another player, that player may play a Monk out of turn to cancel it ', b('on them only'), '. The Monk goes face up onto the discard pile and the player refills. A Monk and an Emperor cannot be cancelled; taking a card from a hand (Tea Master, Nobleman) is an effect on that player and can be.'),
      li(b('Online fairness: '), 'everyone an effect is about to apply to gets the same prompt with the same time limit, whether or not they hold a Monk or a coin, so nobody learns from the prompt who holds what. When the time runs out, the answer is “defend with my hand” for an attack, “accept” otherwise. What each answered becomes public when the effect resolves.'),
    ),
    h('h3', { text: 'The effects in detail' }),
    h(
      'ul',
      {},
      li(b('Shrine Maiden: '), `the other players still in the campaign (who did not cancel it) show their hands to everyone, spectators included, for ${mangoku.REVEAL_SECONDS} seconds, as they were when it resolved; play goes on meanwhile.`),
      li(b('Tea Master: '), 'the server takes a card at random from the target’s hand; they refill; you play the card at once as if from your hand (choosing its targets). Everyone sees it when it is played.'),
      li(b('Nobleman: '), 'the target shows their hand to you only; you take one card, they refill, and you play it at once.'),
      li(b('Kabuki: '), 'take any face-up card from the discard pile and play it at once.'),
      li(b('Taken cards and the Ikki: '), 'a Peasant taken by a Tea Master, Nobleman or Kabuki may be played together with a Peasant from your hand as an Ikki; alone it has no effect.'),
      li(b('A Monk '), 'played on your own turn (or taken and played at once) has no effect.'),
      li(b('Emperor: '), 'the campaign ends at once; cards already played never count for honour.'),
      li(b('Ninja: '), 'the target’s whole hand goes face up onto the discard pile; they draw 2 (or fewer, and are eliminated with none if the supply is empty).'),
    ),
    h('h3', { text: 'The end of a campaign' }),
    h(
      'ul',
      {},
      li(b('Last player standing: '), 'takes the whole centre pile.'),
      li(b('Emperor, or nothing to draw: '), 'among the players still in the campaign, the highest sum of HNR in hand takes the centre pile. A tie is broken by a ', b('draw-off'), ': the tied players each draw one card, in ascending seat order, from a freshly shuffled deck of all cards in play; the highest HNR wins; those still tied draw again. Every draw-off card is public.'),
      li(b('Nobody left: '), 'the centre pile stays for the next campaign, whose first player is the seat after that last turn’s player.'),
      li('The campaign’s winner plays first in the next one. If after the payout anyone has ', b('no coins'), ', the game ends.'),
    ),
    h('h3', { text: 'The end of the game' }),
    h('p', { text: 'The most coins wins; the others are ranked by coins. A tie for first place is broken by a draw-off as above; those who lose it share the next place; ties lower down stay shared.' }),
    h('h3', { text: 'What each person may see' }),
    h(
      'ul',
      {},
      li('Your own hand; the number of cards in every hand, the supply’s size, every player’s coins and the centre pile; the face-up discard pile, every card played and every eliminated hand.'),
      li('Others’ hands only through a Shrine Maiden (for 15 seconds, everyone), a blocked attack (shown to its attacker only) or a Nobleman’s look (to that player only). What was shown to you alone reaches nobody else.'),
      li('Nobody sees the supply’s order or the face-down card of the discard pile, whether a player holds a Monk or could pay, nor a Tea Master’s card before it is played.'),
    ),
    h('h3', { text: 'Where the printed rules leave a choice' }),
    h('ul', { dataset: { testid: 'resolutions' } }, mangoku.RESOLUTIONS.map((r) => h('li', { dataset: { resolution: r.id }, text: r.text }))),
    h('h3', { text: 'Playing here' }),
    h(
      'ul',
      {},
      li('Tap a card in your hand to choose it: its effect shows under the table. Then tap the player (or the centre pile) it is aimed at; a Commander may take two. Press ', b('Play'), '. Tap a second Peasant to make an Ikki.'),
      li('When a card reaches you, answer in the prompt before its time runs out. Tap the discard pile to see every face-up card.'),
      li('Keys: 1–4 choose a card, ← → move between your cards, Enter chooses or plays, Escape puts the card back; in a prompt, M plays a Monk, P pays, D defends, A accepts.'),
      li('Seat colours are the Okabe–Ito palette, safe for common colour-vision deficiencies, and each has its own mark.'),
    ),
    h('form', { method: 'dialog', class: 'button-row' }, h('button', { class: 'primary', text: 'Back to the game', value: 'close' })),
  );
}

/** Opens the rules. */
export function openHelp(): void {
  if (!dialog) {
    dialog = h('dialog', { class: 'help mk-help', 'aria-labelledby': 'mk-help-title', dataset: { testid: 'help' } }, body());
    document.body.appendChild(dialog);
  }
  dialog.showModal();
}
