import { mangoku, RoomError } from '@samurai/shared';
import { MangokuClient } from './test-support/MangokuClient';
import { useTestServer } from '../../test-support/boot';
import { deckOf, stackedDeal } from './test-support/stacked-deck';

jest.setTimeout(60_000);

const { MoveError } = mangoku;
const deals = new Map<string, ReturnType<typeof stackedDeal>>();
const server = useTestServer({ dealingRng: (code) => deals.get(code)! });

/** Every code a client provoked in this file. */
const seen = new Set<string>();

/** Sends a request that must be refused with `code`, and must change nothing. */
async function refused(client: MangokuClient, code: string, type: string, payload?: unknown): Promise<void> {
  await client.sync();
  const before = JSON.stringify((client.state as unknown as { toJSON(): unknown }).toJSON());
  const error = await client.request(type, payload);
  expect({ type, payload, code: error?.code }).toEqual({ type, payload, code });
  expect(error!.message.length).toBeGreaterThan(0);
  expect(error!.detail.length).toBeGreaterThan(0);
  expect(JSON.stringify((client.state as unknown as { toJSON(): unknown }).toJSON())).toBe(before);
  seen.add(code);
}

/** Everyone asked answers `answer` (in seat order), each as themselves. */
async function allAnswer(clients: MangokuClient[], answer: mangoku.Answer = 'accept'): Promise<void> {
  await clients[0].sync();
  const step = clients[0].view.step;
  if (step.kind !== 'answer') throw new Error('no prompt');
  for (const seat of step.prompt.seats) {
    const client = clients[seat];
    await client.sync();
    if (client.view.answers[step.prompt.seats.indexOf(seat)] === null) await client.must('answer', { answer });
  }
}

test('lobby and spectator refusals of a Mangoku room', async () => {
  const ann = await MangokuClient.create(server.url, { name: 'Ann', options: { players: 2 } });
  await refused(ann, RoomError.NoGame, 'play', { card: 'captain', targets: [1] });
  await refused(ann, RoomError.Malformed, 'setOptions', { promptSeconds: 7 });
  await refused(ann, RoomError.Malformed, 'setOptions', { players: 7 });
  await refused(ann, RoomError.SeatsOpen, 'start');
  await ann.must('setOptions', { players: 6, promptSeconds: 60 });
  expect(ann.state.options).toMatchObject({ players: 6, promptSeconds: 60 });
  expect(ann.state.seats.length).toBe(6);
  const eve = await MangokuClient.join(server.url, ann.code, { role: 'spectator' });
  await refused(eve, RoomError.Spectator, 'answer', { answer: 'accept' });
  await refused(ann, MoveError.Malformed, 'answer', { answer: 'maybe' });
  for (const c of [ann, eve]) await c.leave();
});

test('every engine refusal of a whole game, through the room', async () => {
  const names = ['Ann', 'Bob', 'Cat', 'Dan', 'Eli', 'Fay'];
  const host = await MangokuClient.create(server.url, { name: names[0], options: { players: 6, promptSeconds: 60 } });
  const clients = [host];
  for (const name of names.slice(1)) clients.push(await MangokuClient.join(server.url, host.code, { role: 'player', name }));
  const [s0, s1, s2, s3, s4, s5] = clients;
  // Seat 3 plays first. Hands, the face-down card, then each turn's draw: see the turns below.
  const top: mangoku.CardName[] = [
    ...['captain', 'commander', 'warlord', 'peasant', 'kabuki', 'nobleman', 'princess', 'peasant', 'merchant', 'peasant', 'bandit', 'peasant'],
    'emperor',
    ...['captain', 'captain', 'captain', 'captain', 'monk', 'commander'],
  ] as mangoku.CardName[];
  deals.set(host.code, stackedDeal(6, 3, deckOf(6, top)));
  await host.must('start');
  expect(s3.view.hands[3]).toEqual(['peasant', 'princess', 'captain']);

  // Seat 3's turn: a Princess, after every way to get a play wrong.
  await refused(s0, MoveError.NotYourTurn, 'play', { card: 'captain', targets: [1] });
  await refused(s3, MoveError.WrongStep, 'answer', { answer: 'accept' });
  await refused(s3, MoveError.WrongStep, 'take', { card: 'captain' });
  await refused(s3, MoveError.NotInHand, 'play', { card: 'warlord', targets: [1] });
  await refused(s3, MoveError.NotIkki, 'play', { card: 'princess', ikki: true });
  await refused(s3, MoveError.TargetMissing, 'play', { card: 'princess' });
  await refused(s3, MoveError.TargetNotAllowed, 'play', { card: 'princess', targets: [3] });
  await refused(s3, MoveError.TooManyTargets, 'play', { card: 'princess', targets: [1, 2] });
  await refused(s3, MoveError.Malformed, 'play', { card: 'dragon' });
  await refused(s3, MoveError.Malformed, 'play', { card: 'princess', targets: [1], seat: 3 });
  await s3.must('play', { card: 'princess', targets: [1] });
  await refused(s0, MoveError.NotAsked, 'answer', { answer: 'accept' });
  await refused(s3, MoveError.WrongStep, 'play', { card: 'captain', targets: [1] });
  await refused(s1, MoveError.AnswerWrongKind, 'answer', { answer: 'defend' });
  await refused(s1, MoveError.AnswerWrongKind, 'answer', { answer: 'pay' });
  await refused(s1, MoveError.NoMonk, 'answer', { answer: 'monk' });
  await s1.must('answer', { answer: 'accept' });
  await s4.waitFor((s) => s.active === 4);
  expect(Array.from(s4.state.seats, (s) => s.coins)).toEqual([4, 2, 4, 6, 4, 4]);

  // Seat 4's Merchant asks everyone else; an answer is given once.
  await s4.must('play', { card: 'merchant' });
  await s1.must('answer', { answer: 'accept' });
  await refused(s1, MoveError.AlreadyAnswered, 'answer', { answer: 'accept' });
  await allAnswer(clients);
  await s5.waitFor((s) => s.active === 5);

  // Seat 5: a lone Peasant is aimed at nobody and makes no Ikki; the Bandit takes Bob's last coin.
  await refused(s5, MoveError.TargetUnexpected, 'play', { card: 'peasant', targets: [1] });
  await refused(s5, MoveError.IkkiNeedsTwo, 'play', { card: 'peasant', ikki: true });
  await s5.must('play', { card: 'bandit', targets: [1] });
  await allAnswer(clients);
  await s0.waitFor((s) => s.active === 0);
  expect(s0.state.seats[1].coins).toBe(0);

  // Seat 0 attacks Bob, who has no coin to pay with (and has not had a turn).
  await refused(s0, MoveError.TargetTwice, 'play', { card: 'commander', targets: [1, 1] });
  await s0.must('play', { card: 'captain', targets: [1] });
  await refused(s1, MoveError.NoCoin, 'answer', { answer: 'pay' });
  await s1.must('answer', { answer: 'defend' }); // Warlord and Peasant hold
  await s1.waitFor((s) => s.active === 1);
  await s1.must('play', { card: 'peasant' });

  // Seat 2's Kabuki takes a Captain from the discard pile and must play it, at Bob, who has had his turn.
  await s2.waitFor((s) => s.active === 2);
  await s2.must('play', { card: 'kabuki' });
  await refused(s0, MoveError.NotYourTurn, 'take', { card: 'captain' });
  await refused(s2, MoveError.KabukiItself, 'take', { card: 'kabuki' });
  await refused(s2, MoveError.NotThere, 'take', { card: 'emperor' });
  await refused(s2, MoveError.Malformed, 'take', { card: 5 });
  await s2.must('take', { card: 'captain' });
  await refused(s2, MoveError.MustPlayTaken, 'play', { card: 'nobleman', targets: [1] });
  await s2.must('play', { card: 'captain', targets: [1] });
  await refused(s1, MoveError.PayTooLate, 'answer', { answer: 'pay' });
  await s1.must('answer', { answer: 'defend' });

  // To the end, then nothing more.
  clients.forEach((c) => c.autoPlay());
  await host.waitFor((s) => s.phase === 'over', 45_000, 'the end');
  clients.forEach((c) => c.stopAutoPlay());
  await refused(s0, MoveError.GameOver, 'play', { card: 'captain', targets: [1] });
  await refused(s1, MoveError.GameOver, 'answer', { answer: 'accept' });
  for (const c of clients) await c.leave();
});

test('every engine error code a move can earn is reachable from a client', () => {
  // Unreachable by design: the seat of a move is the server's knowledge of the sender, and
  // chance outcomes are the server's, never a client's move.
  const unreachable: string[] = [MoveError.UnknownSeat, MoveError.ChanceNotDue, MoveError.ChanceBadDeck, MoveError.ChanceBadPick];
  expect(mangoku.MOVE_ERRORS.filter((code) => !seen.has(code) && !unreachable.includes(code))).toEqual([]);
});
