import {
  ClientTableState,
  normaliseRoomCode,
  RoomError,
  STORAGE_NOTICE_EVERY_MS,
  TableErrorMessage,
  TableOptions,
  WelcomeMessage,
  YourGamesAnswer,
} from '@samurai/shared';
import { language, onLanguageChange, t } from '../i18n/i18n';
import { LanguageSwitcher } from '../i18n/LanguageSwitcher';
import { roomErrorText } from '../i18n/room-errors';
import { ReplayScreen } from '../replay/ReplayScreen';
import { LessonPage, lessonGameOf } from '../tutorial/LessonPage';
import { replayPageUrl, ReplaySource, replaySourceOf } from '../replay/replay-source';
import { reportTurn } from '../push/app-shell';
import { fill, h } from '../ui/dom';
import { Toasts } from '../ui/Toasts';
import { ChatDock } from './ChatDock';
import { ChatPanel } from './ChatPanel';
import { ChatAndClocks, chatAndClocksOf } from './chat-and-clocks';
import { Connection, ConnectionStatus } from './Connection';
import type { AnyGameClient, GameScreenView, TableActions } from './game-client';
import { HomeDraft, HomeScreen } from './HomeScreen';
import { JoinFailure } from './join-errors';
import { LobbyScreen } from './LobbyScreen';
import { SeatClocks } from './SeatClocks';
import { Profile, SeatStore } from './seat-store';
import { GameExit } from './GameExit';
import { AskServer, YourGames } from './your-games';
import { TableBar } from './TableBar';
import './table.css';
import type { GameModel, Identity } from './table-model';
import { TurnAlerts } from './TurnAlerts';

type Screen = HomeScreen | LobbyScreen | GameScreenView | ReplayScreen | LessonPage;

type ScreenKind = 'home' | 'lobby' | 'game' | 'replay' | 'learn';

/**
 * The client: which screen shows, the connection to the room, and who you are in it. The room's
 * game (its gameType) picks the game module that builds the model and the game's screen; screens
 * get a fresh model after every state patch and send requests back through here.
 */
export class App {
  private screen: Screen | null = null;
  private screenKind: ScreenKind | null = null;
  /** The game of the room you are in (null at home). */
  private game: AnyGameClient | null = null;
  private connection: Connection | null = null;
  private identity: Identity = { memberId: '', role: 'player' };
  private vm: GameModel | null = null;
  private readonly toasts = new Toasts();
  private readonly statusBar: HTMLElement;
  private readonly screenHost: HTMLElement;
  /** The turn alerts of every game, and the table's controls in each game's header bar. */
  readonly alerts: TurnAlerts;
  private readonly tableBar: TableBar;
  /** Concede, the vote to abandon, a seat that keeps timing out given to a bot: in the table's bar. */
  private readonly gameExit = new GameExit(
    (type, payload) => this.send(type, payload),
    (text) => this.toasts.show(text),
  );
  /** The room's chat (one panel for the room's life: in the lobby's card, then in the game's dock). */
  private chat: { code: string; panel: ChatPanel } | null = null;
  private readonly chatDock = new ChatDock();
  /** Every seat's clock, in the players' panels and the turn banner. */
  private readonly seatClocks = new SeatClocks();
  /** A history entry of our own while you play: the browser's Back button asks before leaving. */
  private backGuard = false;
  /** While the room says it waits for its storage: hides that line once it stops saying so. */
  private storageNotice: ReturnType<typeof setTimeout> | undefined;
  /** What the home screen shows (to draw it again in another language). */
  private home: { code: string | null; message: string | null; replaced: boolean } = { code: null, message: null, replaced: false };
  /** The tables this browser holds a seat in, as the home screen lists them. */
  private readonly yourGames: YourGames;

  constructor(
    root: HTMLElement,
    private readonly endpoint: string,
    private readonly store: SeatStore,
    /** The games this client can show (games/registry.ts). */
    private readonly games: readonly AnyGameClient[],
    /** Where this browser remembers its language (localStorage). */
    private readonly languageStorage: Pick<Storage, 'getItem' | 'setItem'>,
  ) {
    this.yourGames = new YourGames(store, localStorage);
    this.statusBar = h('div', { class: 'connection-bar', role: 'status', hidden: true, dataset: { testid: 'connection' } });
    this.screenHost = h('div', { class: 'screen-host' });
    fill(root, this.statusBar, this.screenHost, this.chatDock.el, this.toasts.el);
    this.alerts = new TurnAlerts(store, endpoint);
    this.tableBar = new TableBar(this.alerts, (text, kind) => this.toasts.show(text, kind));
    // The table's chat and language join its bar in every game's header (the clocks are in the players' panels).
    this.tableBar.el.append(this.gameExit.el, this.chatDock.toggle, new LanguageSwitcher(languageStorage).el);
    onLanguageChange(() => this.relanguage());
    // Back online (a phone out of a tunnel): no need to wait for the next attempt.
    window.addEventListener('online', () => this.connection?.retry());
    window.addEventListener('popstate', () => this.onBack());
  }

  /** Opens on the invite's room: back into your seat if this browser holds its token. */
  async start(): Promise<void> {
    // A shared replay link (`/replay/CODE/N`, turned by the server into `?replay=CODE&game=N`).
    const replay = replaySourceOf(location.search);
    if (replay) {
      this.showReplay(replay);
      return;
    }
    // A guided first game (`?learn=<game>`), played in this browser against a bot.
    const lesson = lessonGameOf(location.search, this.games);
    if (lesson) {
      this.showLesson(lesson);
      return;
    }
    const code = normaliseRoomCode(new URLSearchParams(location.search).get('room') ?? '');
    if (code && this.store.token(code)) {
      await this.reclaim(code);
      return;
    }
    if (code && this.store.watching(code)) {
      const failure = await this.enter(code, 'spectator', (c) => c.join(code, { role: 'spectator' }));
      if (!failure) return;
      this.showHome(code, failure.message);
      return;
    }
    this.showHome(code, null);
  }

  /** Test and tooling hook. */
  get current(): { screen: Screen | null; vm: GameModel | null; connection: Connection | null } {
    return { screen: this.screen, vm: this.vm, connection: this.connection };
  }

  /**
   * Back into your seat in room `code` with this browser's token (home, saying why, if that fails;
   * a room not found is waited for, the seat kept: see Connection.reclaim).
   */
  private async reclaim(code: string): Promise<void> {
    this.showStatus(t('table.connection.rejoining'));
    const token = this.store.token(code);
    // (Given up meanwhile, in another tab.)
    if (!token) return this.showHome(code, null);
    const failure = await this.enter(code, 'player', (c) => c.reclaim(code, token));
    if (!failure) return;
    if (failure.forgetSeat) this.store.forget(code);
    this.showHome(code, failure.message);
  }

  // ---- screens ------------------------------------------------------------------------------

  /** The home screen; `replaced`: this tab stopped because the seat opened in another one; `draft`: what was typed on it before. */
  private showHome(code: string | null, message: string | null, replaced = false, draft: HomeDraft | null = null): void {
    this.home = { code, message, replaced };
    this.hideStatus();
    this.setUrl(code);
    this.vm = null;
    this.game = null;
    this.alerts.quiet();
    this.dropChat();
    const home: HomeScreen = new HomeScreen(
      {
        create: (game, profile, options) => this.create(game, profile, options),
        join: (c, profile) => this.joinAsPlayer(c, profile),
        watch: (c, name) => this.watch(c, name),
        saveProfile: (p) => this.store.saveProfile(p),
        returnTo: (c) => this.reclaim(c),
        takenColours: (c) => this.takenColours(c),
        openRecord: (name, text) => this.showReplay({ kind: 'file', name, text }),
        removeGame: (c) => {
          this.yourGames.remove(c);
          home.showYourGames(this.yourGames.list(), 'kept');
        },
      },
      this.games,
      this.store.profile(),
      code,
      message,
      { seats: this.store.seatedRooms(), replaced: replaced ? code : null, games: this.yourGames.list(), endpoint: this.endpoint },
      this.languageStorage,
      draft,
    );
    this.mount(home, 'home');
    if (!replaced) void this.refreshYourGames(home);
  }

  /** The replay viewer: a room's finished game (its address can be shared), or a record file. */
  private showReplay(source: ReplaySource): void {
    this.hideStatus();
    this.vm = null;
    this.game = null;
    this.alerts.quiet();
    this.dropChat();
    if (source.kind === 'room') history.replaceState(null, '', replayPageUrl(location.href, source.code, source.game));
    else this.setUrl(null);
    const actions = { home: () => this.showHome(null, null), notify: (text: string, kind?: 'info' | 'error') => this.toasts.show(text, kind) };
    this.mount(new ReplayScreen(source, this.games, this.endpoint, actions, this.languageStorage), 'replay');
  }

  /** A game's guided first game: its live screen fed by its engine in this browser, no room, no server. */
  private showLesson(game: AnyGameClient): void {
    this.hideStatus();
    this.vm = null;
    this.game = null;
    this.alerts.quiet();
    this.dropChat();
    const actions = { home: () => this.showHome(null, null), notify: (text: string, kind?: 'info' | 'error') => this.toasts.show(text, kind) };
    this.mount(new LessonPage(game, actions), 'learn');
  }

  private mount(screen: Screen, kind: ScreenKind): void {
    this.screen?.destroy();
    this.screen = screen;
    const changed = this.screenKind !== kind;
    this.screenKind = kind;
    this.screenHost.appendChild(screen.el);
    // A new screen starts at its top (a long home page scrolled down would open the board off screen on a phone).
    if (changed) window.scrollTo(0, 0);
    this.guardBack(kind === 'game');
    // For the benchmark: when each screen was first on screen.
    const mark = `samurai:${kind}-painted`;
    if (performance.getEntriesByName(mark).length === 0) requestAnimationFrame(() => performance.mark(mark));
    document.body.dataset.screen = kind;
  }

  /** Shows the room's state; `fresh`: the lobby is built anew (its words have changed). */
  private route(game: AnyGameClient, vm: GameModel, talk: ChatAndClocks, fresh = false): void {
    const sameGame = game === this.game;
    this.game = game;
    const chat = this.chatOf(vm, talk);
    this.gameExit.update(vm);
    if (vm.phase === 'lobby') {
      if (this.screen instanceof LobbyScreen && this.screen.game === game && !fresh) this.screen.update(vm, talk);
      else {
        const actions = { send: this.send.bind(this), leave: () => void this.leave(), notify: (text: string) => this.toasts.show(text) };
        this.mount(new LobbyScreen(actions, game, vm, talk, this.languageStorage), 'lobby');
      }
      this.chatDock.release();
      (this.screen as LobbyScreen).holdChat(chat.el);
      this.alerts.quiet(t('table.alerts.title', { game: game.title, code: vm.code }));
    } else {
      this.tableBar.update(vm);
      this.seatClocks.update(vm, talk);
      this.chatDock.hold(chat);
      const screen = this.screenKind === 'game' && sameGame ? (this.screen as GameScreenView) : null;
      if (screen && screen.spectator === vm.isSpectator) screen.update(vm);
      else this.mount(game.newScreen(this.tableActions(vm.code), vm), 'game');
      this.alerts.follow(this.owesAction(game, vm), game.title, vm.code);
    }
  }

  /** The room's chat panel, brought up to date (a new one for a new room). */
  private chatOf(vm: GameModel, talk: ChatAndClocks): ChatPanel {
    if (this.chat?.code !== vm.code) {
      this.dropChat();
      this.chat = { code: vm.code, panel: new ChatPanel({ send: (type, payload) => this.send(type, payload) }) };
    }
    this.chat.panel.update(vm, talk);
    return this.chat.panel;
  }

  /** Out of the room: its chat goes. */
  private dropChat(): void {
    this.chatDock.release();
    this.chat?.panel.el.remove();
    this.chat = null;
    this.seatClocks.destroy();
  }

  /** Whether the game waits for you: the game says, unless the room's bot plays your seat for now. */
  private owesAction(game: AnyGameClient, vm: GameModel): boolean {
    const you = vm.seats[vm.yourSeat];
    const standIn = you !== undefined && you.kind === 'human' && you.bot !== '';
    return !vm.isSpectator && !standIn && game.owesAction(vm);
  }

  /** What a game's screen may ask of the table in room `code`. */
  private tableActions(code: string): TableActions {
    return {
      send: (type, payload) => this.send(type, payload),
      leave: () => void this.leave(),
      notify: (text, kind) => this.toasts.show(text, kind),
      recordUrl: () => this.recordUrl(code),
      replayUrl: (game) => replayPageUrl(location.href, code, game),
      tableBar: this.tableBar.el,
      clocks: this.seatClocks,
      draft: (name, game) => this.store.draft(code, name, game),
      saveDraft: (name, game, picks) => this.store.saveDraft(code, name, game, picks),
    };
  }

  // ---- the room -----------------------------------------------------------------------------

  private async create(game: AnyGameClient, profile: Profile, options: Partial<TableOptions>): Promise<void> {
    const connection = this.newConnection();
    this.identity = { memberId: '', role: 'player' };
    try {
      const code = await connection.create(game.type, { name: profile.name, ...(profile.colour ? { colour: profile.colour } : {}), options });
      this.setUrl(code);
    } catch (e) {
      this.dropConnection(connection);
      throw new Error((e as JoinFailure).message, { cause: e });
    }
  }

  private async joinAsPlayer(code: string, profile: Profile): Promise<void> {
    const options = { role: 'player' as const, name: profile.name, ...(profile.colour ? { colour: profile.colour } : {}) };
    const failure = await this.enter(code, 'player', (c) => c.join(code, options));
    if (failure) throw new Error(failure.canWatch ? t('table.join.pressWatch', { message: failure.message }) : failure.message);
  }

  private async watch(code: string, name: string): Promise<void> {
    const failure = await this.enter(code, 'spectator', (c) => c.join(code, name ? { role: 'spectator', name } : { role: 'spectator' }));
    if (failure) throw new Error(failure.message);
    this.store.setWatching(code, true);
  }

  /** Joins room `code` through a new connection (`join`: how); null when in (or waiting for the room), else why not. */
  private async enter(code: string, role: Identity['role'], join: (connection: Connection) => Promise<void>): Promise<JoinFailure | null> {
    const connection = this.newConnection();
    this.identity = { memberId: '', role };
    try {
      await join(connection);
      this.setUrl(code);
      return null;
    } catch (e) {
      this.dropConnection(connection);
      return e as JoinFailure;
    }
  }

  private newConnection(): Connection {
    void this.connection?.leave();
    const connection: Connection = new Connection(this.endpoint, this.store, {
      state: (state) => connection === this.connection && this.onState(state),
      welcome: (welcome) => connection === this.connection && this.onWelcome(welcome),
      error: (error) => connection === this.connection && this.onError(error),
      status: (status) => connection === this.connection && this.onStatus(status),
    });
    this.connection = connection;
    return connection;
  }

  private dropConnection(connection: Connection): void {
    if (this.connection === connection) this.connection = null;
  }

  /** `fresh`: screens built anew (the language changed). */
  private onState(state: ClientTableState, fresh = false): void {
    // The room moves again: its storage answers.
    if (this.storageNotice !== undefined) this.hideStatus();
    this.dropStorageNotice();
    const game = this.games.find((g) => g.type === state.gameType);
    if (!game) {
      this.unknownGame(state);
      return;
    }
    const vm = game.model(state, this.identity) as GameModel;
    this.vm = vm;
    this.route(game, vm, chatAndClocksOf(state), fresh);
  }

  /** A room of a game this page cannot show (a newer server than this page): out, saying so. */
  private unknownGame(state: ClientTableState): void {
    const connection = this.connection;
    this.connection = null;
    void connection?.leave();
    this.showHome(state.code, t('table.unknownGame', { game: state.gameType || t('table.unnamedGame') }));
  }

  private onWelcome(welcome: WelcomeMessage): void {
    this.identity = { memberId: welcome.memberId, role: welcome.role };
    if (welcome.role === 'spectator' && this.connection) this.store.setWatching(this.connection.roomCode, true);
    const state = this.connectionState();
    if (state) this.onState(state);
  }

  private connectionState(): ClientTableState | null {
    return this.connection?.state ?? null;
  }

  private onError(error: TableErrorMessage): void {
    if (error.code === RoomError.StorageWaiting) return this.storageWaiting(error);
    // The table's codes, and the game's, in the interface's language. The server's English detail follows a table
    // error as it came; a game's detail (which hex, which card) only in English, where it reads as the rest does.
    const tableText = roomErrorText(error.code);
    const message = tableText ?? this.game?.errorText?.(error.code) ?? error.message;
    const detailed = error.detail && error.detail !== error.message && (tableText !== null || language() === 'en');
    const text = detailed ? `${message} ${error.detail}` : message;
    this.toasts.show(text, 'error');
    if (this.screenKind === 'game') (this.screen as GameScreenView).refused();
    else if (this.screen instanceof LobbyScreen) this.screen.refused();
  }

  /**
   * The room waits for its storage (it says so every STORAGE_NOTICE_EVERY_MS, and refuses requests
   * meanwhile): a line in the status bar, not a toast, until the room moves or stops saying so.
   */
  private storageWaiting(error: TableErrorMessage): void {
    this.showStatus(t('errors.room.storageWaiting'), 'alert');
    this.dropStorageNotice();
    this.storageNotice = setTimeout(() => {
      this.storageNotice = undefined;
      this.hideStatus();
    }, 2 * STORAGE_NOTICE_EVERY_MS);
    if (!error.request) return;
    if (this.screenKind === 'game') (this.screen as GameScreenView).refused();
    else if (this.screen instanceof LobbyScreen) this.screen.refused();
  }

  private dropStorageNotice(): void {
    clearTimeout(this.storageNotice);
    this.storageNotice = undefined;
  }

  private onStatus(status: ConnectionStatus): void {
    // The connection's own news takes the status bar.
    this.dropStorageNotice();
    if (status.kind === 'connected') this.hideStatus();
    else if (status.kind === 'reconnecting') {
      // A deploy is routine: said quietly; a lost connection says so, and how long it has tried.
      const what = status.restarting ? t('table.connection.restarting') : t('table.connection.lost');
      this.showStatus(status.attempt > 2 ? t('table.connection.attempt', { what, attempt: status.attempt }) : what, status.restarting ? 'quiet' : 'alert');
    } else if (status.kind === 'missing') {
      // Not found, yet perhaps back soon: the page waits with the seat kept (at its start, on the home page).
      const connection = this.connection;
      if (!this.screen) this.showHome(connection?.roomCode ?? null, null);
      const what = status.seated ? t('table.connection.missing') : t('table.connection.missingWatching');
      const giveUp = h('button', {
        type: 'button',
        class: 'secondary',
        text: status.seated ? t('table.connection.giveUp') : t('table.connection.stopWatching'),
        dataset: { testid: 'give-up' },
        on: { click: () => void this.giveUp(connection) },
      });
      this.showStatus(status.attempt > 2 ? t('table.connection.attempt', { what, attempt: status.attempt }) : what, 'alert', giveUp);
    } else if (status.kind === 'offline') {
      const connection = this.connection;
      const again = h('button', {
        type: 'button',
        class: 'secondary',
        text: t('table.connection.tryAgain'),
        dataset: { testid: 'reconnect' },
        on: { click: () => connection?.retry() },
      });
      this.showStatus(t('table.connection.offline', { reason: status.reason }), 'alert', again);
    } else {
      const code = this.connection?.roomCode ?? null;
      this.connection = null;
      this.showHome(code, status.reason, status.replaced);
    }
  }

  /** The player stops waiting for a room that cannot be found: its seat is forgotten. */
  private async giveUp(connection: Connection | null): Promise<void> {
    if (!connection || connection !== this.connection) return;
    this.connection = null;
    this.store.setWatching(connection.roomCode, false);
    await connection.giveUp();
    this.showHome(null, null);
  }

  private send(type: string, payload?: unknown): void {
    if (!this.connection) {
      this.toasts.show(t('table.notConnected'), 'error');
      return;
    }
    this.connection.send(type, payload);
  }

  private async leave(): Promise<void> {
    const connection = this.connection;
    const code = connection?.roomCode ?? null;
    this.connection = null;
    if (code) {
      this.store.setWatching(code, false);
      // Leaving on purpose gives the seat up before the game; during it, keep the way back in.
      if (this.vm?.phase === 'lobby') this.store.forget(code);
    }
    await connection?.leave();
    this.showHome(null, null);
  }

  /** Asks the server about your games, and shows its answer on the home screen if it is still up (offline: as last known). */
  private async refreshYourGames(home: HomeScreen): Promise<void> {
    const base = (this.endpoint || location.origin).replace(/\/+$/, '');
    const ask: AskServer = async (seats) => {
      const response = await fetch(`${base}/api/your-games`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ seats }),
      });
      if (!response.ok) throw new Error(`your games: HTTP ${response.status}`);
      return (await response.json()) as YourGamesAnswer;
    };
    const reached = await this.yourGames.refresh(ask);
    // The app badge counts every game that waits for this browser, not only those it was notified of.
    if (reached) for (const game of this.yourGames.list()) reportTurn(game.code, game.yourTurn);
    if (this.screen === home) home.showYourGames(this.yourGames.list(), reached ? 'fresh' : 'offline');
  }

  /** The colours taken in room `code` (the server asks the room); none when it cannot say. */
  private async takenColours(code: string): Promise<readonly string[]> {
    const base = (this.endpoint || location.origin).replace(/\/+$/, '');
    const response = await fetch(`${base}/api/rooms/${code}/colours`);
    if (!response.ok) return [];
    const body = (await response.json()) as { colours?: unknown };
    return Array.isArray(body.colours) ? body.colours.filter((c): c is string => typeof c === 'string') : [];
  }

  private recordUrl(code: string): string {
    const base = this.endpoint || location.origin;
    return `${base.replace(/\/+$/, '')}/api/rooms/${code}/record`;
  }

  // ---- chrome -------------------------------------------------------------------------------

  /**
   * While you play, a history entry of our own sits on top: the browser's Back button (or a
   * phone's back gesture) lands on it, and the page asks before leaving the game.
   */
  private guardBack(on: boolean): void {
    if (on && !this.backGuard) {
      history.pushState({ backGuard: true }, '', location.href);
      this.backGuard = true;
    } else if (!on) this.backGuard = false;
  }

  private onBack(): void {
    if (!this.backGuard) return;
    this.backGuard = false;
    const playing = this.screenKind === 'game' && this.vm !== null && !this.vm.isSpectator && this.vm.phase !== 'over';
    if (!playing || window.confirm(t('table.leaveQuestion'))) {
      void this.leave();
      return;
    }
    this.guardBack(true);
  }

  /**
   * The language changed: the table's words are drawn again (the home screen and the lobby are
   * built anew, keeping what was typed; the chat panel too). A game's screen follows the change itself.
   */
  private relanguage(): void {
    this.tableBar.relabel();
    this.gameExit.relabel();
    this.chatDock.relabel();
    this.seatClocks.relabel();
    if (this.screen instanceof HomeScreen) {
      this.showHome(this.home.code, this.home.message, this.home.replaced, this.screen.draft());
      return;
    }
    if (this.screenKind !== 'lobby' && this.screenKind !== 'game') return;
    this.chat?.panel.el.remove();
    this.chat = null;
    const state = this.connectionState();
    if (state) this.onState(state, true);
  }

  private setUrl(code: string | null): void {
    const url = new URL(location.href);
    url.searchParams.delete('replay');
    url.searchParams.delete('game');
    url.searchParams.delete('learn');
    if (code) url.searchParams.set('room', code);
    else url.searchParams.delete('room');
    if (url.href !== location.href) history.replaceState(null, '', url);
  }

  private showStatus(text: string, tone: 'quiet' | 'alert' = 'quiet', action?: HTMLElement): void {
    fill(this.statusBar, h('span', { text }), action);
    this.statusBar.classList.toggle('alert', tone === 'alert');
    this.statusBar.hidden = false;
  }

  private hideStatus(): void {
    this.statusBar.hidden = true;
  }
}
