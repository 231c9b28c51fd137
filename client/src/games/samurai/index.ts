/** Samurai as the client shows it: its options, rules, model and game screen (the rest is the table's). */
import { ClientRoomState, DEFAULT_ROOM_OPTIONS, MOVE_ERRORS, MoveError, RECORD_FORMAT, ROOM_NAME, RoomOptions } from '@samurai/shared';
import { t } from '../../i18n/i18n';
import { moveErrorKey } from '../../i18n/game-errors';
import type { GameClient } from '../../table/game-client';
import { iconSvg } from './board/icons';
import { DRAFT_HAND, draftHandOf } from './model/draft-hand';
import { buildViewModel, ViewModel } from './model/view-model';
import { turnStatus } from './model/turn-status';
import { GameScreen } from './screen/GameScreen';
import { SpectatorScreen } from './replay/SpectatorScreen';
import { openHelp } from './ui/help';
import { optionLabel, ROOM_OPTIONS } from './ui/room-options';
import './samurai.css';

const TITLE = 'Samurai';

export const samuraiClient: GameClient<RoomOptions, ViewModel> = {
  type: ROOM_NAME,
  title: TITLE,
  get tagline() {
    return t('samurai.tagline');
  },
  emblem: (color) => iconSvg('samurai', color),
  defaultOptions: DEFAULT_ROOM_OPTIONS,
  // Most rooms are two friends; the host adds seats (or bots) in the lobby.
  suggestedOptions: { players: 2 },
  optionsForm: (values, onChange, idPrefix, unavailable) => ROOM_OPTIONS.form(values, onChange, idPrefix, unavailable),
  optionsSummary: (values) => ROOM_OPTIONS.summary(values),
  botLevelLabel: (level) => optionLabel('botLevel', level),
  openRules: openHelp,
  // The table hands over only rooms whose gameType is Samurai's: their state is Samurai's.
  model: (state, identity) => buildViewModel(state as ClientRoomState, identity),
  // A spectator's screen can look back through the game so far (public information only).
  newScreen: (actions, model) =>
    new (model.isSpectator ? SpectatorScreen : GameScreen)(
      {
        send: (type, payload) => actions.send(type, payload),
        leave: () => actions.leave(),
        notify: (text, kind) => actions.notify(text, kind),
        recordUrl: () => actions.recordUrl(),
        replayUrl: (game) => actions.replayUrl(game),
        tableBar: actions.tableBar,
        clocks: actions.clocks,
        draftHand: (game) => draftHandOf(actions.draft(DRAFT_HAND, game)),
        saveDraftHand: (game, picked) => actions.saveDraft(DRAFT_HAND, game, picked.length ? picked : null),
        hints: true,
      },
      model,
    ),
  // Choosing your hand, placing a piece, playing: not a turn the server passes for you.
  owesAction: (vm) => {
    const status = turnStatus(vm.view, vm.seats, vm.yourSeat);
    return status.yourTurn && !status.mustPass;
  },
  errorText: (code) => ((MOVE_ERRORS as readonly string[]).includes(code) ? t(`samurai.errors.${moveErrorKey(code as MoveError)}`) : null),
  // The replay viewer's code arrives only when a record is opened.
  replay: { format: RECORD_FORMAT, load: () => import('./replay/SamuraiReplay').then((m) => m.samuraiReplay) },
  // The guided first game's script and code arrive only when the lesson is opened.
  tutorial: { load: () => import('./tutorial/SamuraiTutorial').then((m) => m.samuraiTutorial) },
};
