/**
 * A development page with no server: Mangoku's game screen fed by the engine and bots running in
 * the browser, as a room would feed it (room states from the protocol's own fixture, read back by
 * the client's view model). `mangoku.html?players=4&seed=3&seat=0` seats you at seat 0 (or
 * `seat=spectator`, with bots in every seat); `&prompt=20` is the time to answer, `&delay=600` the
 * bots' pace, `&turns=12` lets the bots play that many moves first; `&fly=1` deals cards round
 * the table in a loop (the client benchmark measures frame rate there).
 */
import '../../no-eval';
import { mangoku, seededRng, SEAT_COLOURS } from '@samurai/shared';
import { applyLanguage } from '../../i18n/i18n';
import { Identity } from '../../table/table-model';
import { buildViewModel } from './model/view-model';
import { Flight } from './model/flights';
import { GameScreen } from './screen/GameScreen';
import './mangoku.css';

const params = new URLSearchParams(location.search);
const players = Number(params.get('players') ?? 4) as mangoku.PlayerCount;
const seed = Number(params.get('seed') ?? 1);
const watching = params.get('seat') === 'spectator';
const you = watching ? -1 : Math.min(players - 1, Number(params.get('seat') ?? 0));
const promptSeconds = Number(params.get('prompt') ?? 20) as mangoku.PromptSeconds;
const delay = Number(params.get('delay') ?? 600);
const level = (params.get('bots') ?? 'greedy') as mangoku.BotName;
const NAMES = ['Ann', 'Ben', 'Cleo', 'Dai', 'Emi', 'Fumi'];

const rng = seededRng(seed);
const botRng = seededRng(seed + 7919);
let game = mangoku.createGame({ players, options: { promptSeconds } }, rng);
const log = new mangoku.FixtureLog();
let promptEndsAt = 0;
let timedPrompt: mangoku.Prompt | null = null;
const revealEndsAt = new Map<number, number>();
let botTimer: ReturnType<typeof setTimeout> | undefined;
let clockTimer: ReturnType<typeof setTimeout> | undefined;

function identity(): Identity {
  return watching ? { memberId: '', role: 'spectator' } : { memberId: `member${you}`, role: 'player' };
}

/** The room state this browser would decode, with the harness's names, colours and bots. */
function model() {
  const state = mangoku.roomStateFor(game, watching ? 'spectator' : you, log.update(game), { promptEndsAt, revealEndsAt: (id) => revealEndsAt.get(id) ?? 0 });
  const seats = Array.from(state.seats, (s, i) => ({
    ...s,
    name: NAMES[i],
    colour: SEAT_COLOURS[i].id,
    kind: i === you ? ('human' as const) : ('bot' as const),
    bot: i === you ? '' : level,
  }));
  return buildViewModel({ ...state, code: 'HARNES', seats, spectators: 0 }, identity());
}

/** After every change: chance settled, the game's clock, and the bots' next move. */
function changed(): void {
  mangoku.settle(game, rng);
  const now = Date.now();
  const prompt = game.step.kind === 'answer' ? game.step.prompt : null;
  if (prompt !== timedPrompt) {
    timedPrompt = prompt;
    promptEndsAt = prompt ? now + promptSeconds * 1000 : 0;
  }
  for (const r of game.reveals) if (!revealEndsAt.has(r.id)) revealEndsAt.set(r.id, now + mangoku.REVEAL_SECONDS * 1000);
  screen?.update(model());
  schedule();
}

function apply(move: mangoku.Move): boolean {
  const bad = mangoku.applyMoveInPlace(game, move);
  if (bad) {
    console.error('refused', mangoku.formatMove(move), bad.error, bad.detail);
    return false;
  }
  return true;
}

function schedule(): void {
  clearTimeout(botTimer);
  clearTimeout(clockTimer);
  if (game.step.kind === 'over') return;
  const bots = mangoku.seatsToAct(game).filter((s) => s !== you);
  if (bots.length) {
    botTimer = setTimeout(() => {
      const seat = bots[0];
      if (apply(mangoku.BOTS[level].chooseMove(mangoku.viewFor(game, seat), seat, botRng))) changed();
    }, delay);
  }
  const next = Math.min(promptEndsAt || Infinity, ...revealEndsAt.values());
  if (next < Infinity) {
    clockTimer = setTimeout(
      () => {
        const now = Date.now();
        if (promptEndsAt && promptEndsAt <= now) for (const move of mangoku.defaultAnswers(game)) apply(move);
        for (const [id, at] of [...revealEndsAt]) {
          if (at > now) continue;
          revealEndsAt.delete(id);
          game = mangoku.hideReveal(game, id);
        }
        changed();
      },
      Math.max(0, next - Date.now()),
    );
  }
}

let screen: GameScreen | undefined;

async function main(): Promise<void> {
  // The words first (English), as the game page loads its language before drawing.
  await applyLanguage('en');
  // Fast-forward: the bots play the first moves.
  for (let i = 0, turns = Number(params.get('turns') ?? 0); i < turns && game.step.kind !== 'over'; i++) {
    const seat = mangoku.seatsToAct(game)[0];
    mangoku.applyMoveInPlace(game, mangoku.BOTS[level].chooseMove(mangoku.viewFor(game, seat), seat, botRng));
    mangoku.settle(game, rng);
  }

  const shown: GameScreen = new GameScreen(
    {
      move: (move) => {
        if (apply(move)) changed();
        else shown.refused();
      },
      rematch: () => location.reload(),
      standIn: () => undefined,
      resume: () => undefined,
      leave: () => location.reload(),
      notify: (text) => console.log(text),
      recordUrl: () => null,
    },
    model(),
  );
  screen = shown;
  document.getElementById('app')!.appendChild(shown.el);
  changed();

  const w = window as unknown as Record<string, unknown>;
  w.mangokuHarness = { screen: shown, game: () => game };
  if (params.has('fly')) {
    // Cards dealt round the table and coins to the centre, over and over.
    const deal: Flight[] = [];
    for (let round = 0; round < 2; round++)
      for (let s = 0; s < players; s++) deal.push({ kind: 'card', from: { kind: 'supply' }, to: { kind: 'seat', seat: s }, card: null });
    for (let s = 0; s < players; s++) deal.push({ kind: 'card', from: { kind: 'seat', seat: s }, to: { kind: 'discard' }, card: mangoku.CARD_NAMES[s * 2] });
    for (let s = 0; s < players; s++) deal.push({ kind: 'coin', from: { kind: 'seat', seat: s }, to: { kind: 'centre' }, count: 2 });
    const loop = async () => {
      const table = shown.tableView;
      if (table) await table.fly(deal);
      requestAnimationFrame(() => void loop());
    };
    void loop();
  }
  const ready = () => (shown.tableView ? (document.body.dataset.ready = '1') : requestAnimationFrame(ready));
  ready();
}

void main();
