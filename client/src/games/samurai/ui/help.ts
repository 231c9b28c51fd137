import { iconSvg } from '../board/icons';
import { topCloseButton } from '../../../ui/dialog-close';
import { h } from '../../../ui/dom';
import { pieceFace } from './faces';

let dialog: HTMLDialogElement | null = null;

const glyph = (name: Parameters<typeof iconSvg>[0]) => h('span', { class: 'help-glyph', html: iconSvg(name, '#f1f3f5') });

/** The rules in one screen, so nobody needs the rulebook to play. */
export function openHelp(): void {
  if (!dialog) {
    dialog = h(
      'dialog',
      { class: 'help', 'aria-labelledby': 'help-title', dataset: { testid: 'help' } },
      h(
        'div',
        { class: 'help-body' },
        topCloseButton('Close the rules'),
        h('h2', { id: 'help-title', text: 'How to play Samurai' }),
        h('p', {}, 'Japan’s villages, cities and Edo hold three kinds of pieces: ', pieceFace(0, 18), ' Buddhas (religion), ', pieceFace(1, 18), ' rice fields (commerce) and ', pieceFace(2, 18), ' castles (military). Win them by surrounding their settlements with your tiles.'),
        h('h3', { text: 'Your turn' }),
        h(
          'ul',
          {},
          h('li', {}, 'Play ', h('b', { text: 'one non-fast tile' }), ' (a caste tile, a samurai or the move tile) and ', h('b', { text: 'any number of fast tiles' }), ' (marked ', glyph('fast'), ': ronin, ships, switch) — at least one tile in all.'),
          h('li', {}, 'Choose a tile in your hand; the places it may go light up on the board. Tap one (or use the arrow keys and Enter).'),
          h('li', {}, h('b', { text: 'Take back' }), ' undoes your last play of the turn (until something was captured). ', h('b', { text: 'End turn' }), ' when you are done: you draw back up to 5 tiles.'),
          h('li', { text: 'Tiles never go on settlements. Land tiles need an empty land hex; ships an empty sea hex.' }),
        ),
        h('h3', { text: 'The tiles' }),
        h(
          'ul',
          { class: 'help-tiles' },
          h('li', {}, glyph('buddha'), glyph('rice'), glyph('castle'), ' Caste tiles (2–4): strength for their own caste only.'),
          h('li', {}, glyph('samurai'), ' Samurai (1–3): strength for every caste.'),
          h('li', {}, glyph('ronin'), ' Ronin (1, fast): strength 1 for every caste.'),
          h('li', {}, glyph('ship'), ' Ships (1–2, fast): on the sea, strength for every caste next to them.'),
          h('li', {}, glyph('switch'), ' Switch (fast): exchange two pieces anywhere (a settlement never holds two of one caste). It then leaves the game.'),
          h('li', {}, glyph('move'), ' Move: pick up one of your caste or samurai tiles from an earlier turn and put it on empty land; the move tile (strength 0) takes its old place.'),
        ),
        h('h3', { text: 'Captures' }),
        h(
          'p',
          {},
          'A settlement is surrounded when every land hex around it holds a tile (sea may stay empty, but ships there count). For each piece there, the player with the ',
          h('b', { text: 'strictly highest' }),
          ' sum of adjacent tiles influencing that caste takes it; on a tie (even at 0) the piece is set aside. The number on a settlement’s badge counts its open land hexes; a piece’s coloured ring shows who leads for it now. Point at a settlement for the details.',
        ),
        h('h3', { text: 'The end' }),
        h(
          'p',
          {},
          'The game ends after the turn in which the last piece of any caste leaves the board, or the fourth piece is set aside. Whoever has the most of a caste takes its leader token (ties take none). Most tokens wins; among players with one token each, most pieces of the other castes, then most pieces in all. Players without a token cannot win.',
        ),
        h('p', { class: 'muted small', text: 'Keys: Tab to your tiles, Enter to choose, arrows to move between places, Enter to play, Escape to step back, U to take back, E to end the turn. Scroll or pinch to zoom; double-click to fit.' }),
        h('form', { method: 'dialog', class: 'button-row' }, h('button', { class: 'primary', text: 'Back to the game', value: 'close' })),
      ),
    );
    document.body.appendChild(dialog);
  }
  dialog.showModal();
}
