import { closeBotPool, configureBots, defaultBotSettings } from '../bots/BotPool';
import { TestServer, useTestServer } from './boot';

/**
 * The test server of a file whose rooms have expert bots thinking on the bot threads: their
 * settings back to the defaults after each test, the threads closed after the file's tests.
 */
export function useBotThreadServer(): TestServer {
  const server = useTestServer();
  afterEach(() => configureBots(defaultBotSettings()));
  afterAll(() => closeBotPool());
  return server;
}
