/**
 * The interface in English, French, German and Japanese: the home page and the lobby change
 * language when one is chosen (its file fetched only then), the choice survives a reload, a
 * browser whose language is French starts in French, and the game's header bar has the switch
 * too. Screenshots of the lobby in each language (the README shows them, from docs/screenshots).
 */
import { Page } from 'playwright-core';
import de from '../src/i18n/locales/de.json';
import en from '../src/i18n/locales/en.json';
import fr from '../src/i18n/locales/fr.json';
import ja from '../src/i18n/locales/ja.json';
import { openPage, screenshot, useServerAndBrowser, waitFor } from './support';

const WORDS = { en, fr, de, ja } as const;
type Lang = keyof typeof WORDS;

const e2e = useServerAndBrowser();

const text = async (page: Page, selector: string) => ((await page.textContent(selector)) ?? '').trim();
const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

/** The home page speaks `lang`: its buttons, headings and the page's own language. */
async function expectHome(page: Page, lang: Lang): Promise<void> {
  const words = WORDS[lang].table.home;
  await page.waitForFunction((label) => document.querySelector('[data-testid=create]')?.textContent === label, words.create);
  expect(await text(page, '[data-testid=join]')).toBe(words.join);
  expect(await text(page, '#create-title')).toBe(words.createTitle);
  expect(await text(page, '#record-title')).toBe(WORDS[lang].replay.drop.title);
  expect(await page.getAttribute('[data-testid=name]', 'placeholder')).toBe(words.yourName);
  expect(await htmlLang(page)).toBe(lang);
  expect(await page.inputValue('[data-testid=home] [data-testid=language]')).toBe(lang);
}

/** The lobby speaks `lang` (for its host, with nobody watching yet). */
async function expectLobby(page: Page, lang: Lang): Promise<void> {
  const words = WORDS[lang].table.lobby;
  await page.waitForFunction((label) => document.querySelector('[data-testid=start]')?.textContent === label, words.start);
  expect(await text(page, '[data-testid=copy-invite]')).toBe(words.copyInvite);
  expect(await text(page, '[data-testid=leave]')).toBe(words.leave);
  expect(await text(page, '[data-testid=spectator-count]')).toBe(words.nobodyWatching);
  expect(await text(page, '#lobby-chat-title')).toBe(words.chat);
  expect(await page.getAttribute('[data-testid=chat-input]', 'placeholder')).toBe(WORDS[lang].table.chat.placeholder);
  expect(await text(page, '[data-testid=table-options] legend')).toBe(WORDS[lang].table.options.clock);
  expect(await htmlLang(page)).toBe(lang);
}

test('each language changes the home page and the lobby, is fetched only when chosen, and survives a reload', async () => {
  const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  const { page, errors } = await openPage(context, 'Ann');
  const fetched: string[] = [];
  page.on('request', (r) => {
    const lang = /\/assets\/(en|fr|de|ja)-[^/]*\.js$/.exec(r.url())?.[1];
    if (lang) fetched.push(lang);
  });
  // A language is a file for the table's words and one for each game's (their i18next namespaces),
  // each fetched once: the language as many times as there are namespaces, and no other.
  const NAMESPACES = 3;
  const only = (lang: string) => Array<string>(NAMESPACES).fill(lang);

  await page.goto(e2e.server.url);
  // An English browser starts in English: its file, and no other language's, fetched before the first screen.
  await expectHome(page, 'en');
  expect(fetched).toEqual(only('en'));

  for (const lang of ['fr', 'de', 'ja'] as const) {
    fetched.length = 0;
    await page.selectOption('[data-testid=home] [data-testid=language]', lang);
    await expectHome(page, lang);
    // Only the chosen language's file, once.
    expect(fetched).toEqual(only(lang));
    await screenshot(page, `home-${lang}`);

    // What was typed stays when the words change.
    await page.fill('[data-testid=name]', `Ann ${lang}`);
    await page.click('[data-testid=create]');
    await page.waitForSelector('[data-testid=lobby]');
    await expectLobby(page, lang);
    await screenshot(page, `lobby-${lang}`);

    // Remembered: a reload (back into the seat) is in the same language, fetched before the first screen.
    fetched.length = 0;
    await page.reload();
    await page.waitForSelector('[data-testid=lobby]');
    await expectLobby(page, lang);
    expect(fetched).toEqual(only(lang));

    await page.click('[data-testid=leave]');
    await page.waitForSelector('[data-testid=home]');
    await expectHome(page, lang);
    expect(await page.inputValue('[data-testid=name]')).toBe(`Ann ${lang}`);
  }

  // Back to English from the lobby's own switch: the lobby changes in place (this page, reloaded in Japanese,
  // fetches English now).
  fetched.length = 0;
  await page.click('[data-testid=create]');
  await page.waitForSelector('[data-testid=lobby]');
  await expectLobby(page, 'ja');
  await page.selectOption('[data-testid=lobby] [data-testid=language]', 'en');
  await expectLobby(page, 'en');
  await screenshot(page, 'lobby-en');
  expect(fetched).toEqual(only('en'));
  expect(errors).toEqual([]);
  await context.close();
});

test('a browser whose language is French starts in French, and the game’s header bar switches too', async () => {
  const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'fr-FR' });
  const { page, errors } = await openPage(context, 'Fleur');
  await page.goto(e2e.server.url);
  await expectHome(page, 'fr');
  expect(await page.evaluate(() => localStorage.getItem('samurai.language'))).toBeNull();

  // A room error in words of the language: a name that claims a role, refused before it is sent.
  await page.fill('[data-testid=name]', 'Host');
  await page.click('[data-testid=create]');
  expect(await text(page, '[data-testid=home-error]')).toBe(
    fr.table.home.badName.replace('{{reason}}', fr.table.home.nameClaimsRole.replace('{{role}}', 'host')),
  );

  await page.fill('[data-testid=name]', 'Fleur');
  await page.click('[data-testid=create]');
  await page.waitForSelector('[data-testid=lobby]');
  await expectLobby(page, 'fr');
  await page.click('[data-testid=add-bot] >> nth=0');
  await page.waitForFunction(() => !(document.querySelector('[data-testid=start]') as HTMLButtonElement).disabled);
  await page.click('[data-testid=start]');
  const bar = '[data-testid=table-bar]';
  await page.waitForSelector(`${bar} [data-testid=alert-sound]`);
  await waitFor('the bar in French', async () => (await text(page, `${bar} [data-testid=alert-sound]`)) === fr.table.bar.sound);
  expect(await page.inputValue(`${bar} [data-testid=language]`)).toBe('fr');
  expect(await page.title()).toMatch(/ · salon |^À vous/);

  await page.selectOption(`${bar} [data-testid=language]`, 'de');
  await waitFor('the bar in German', async () => (await text(page, `${bar} [data-testid=alert-sound]`)) === de.table.bar.sound);
  expect(await page.getAttribute('[data-testid=chat-toggle]', 'aria-label')).toBe(de.table.chat.title);
  expect(await htmlLang(page)).toBe('de');
  expect(await page.evaluate(() => localStorage.getItem('samurai.language'))).toBe('de');
  expect(errors).toEqual([]);
  await context.close();
});

test('on a phone the switch covers nothing, in the longest words (German)', async () => {
  const context = await e2e.browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    deviceScaleFactor: 2,
    locale: 'de-DE',
  });
  const { page, errors } = await openPage(context, 'Ben');
  /** The header's other children whose content the switch covers. */
  const overlaps = (header: string) =>
    page.$eval(header, (head) => {
      const sw = head.querySelector('.language-switcher')!.getBoundingClientRect();
      return (
        [...head.children]
          .filter((el) => !el.classList.contains('language-switcher'))
          // What is drawn: the content's own box (a heading's block spans the line, its words need not).
          .map((el) => {
            const range = document.createRange();
            range.selectNodeContents(el);
            return { el: el.tagName, box: range.getBoundingClientRect() };
          })
          .filter(({ box }) => box.width > 0 && box.left < sw.right && sw.left < box.right && box.top < sw.bottom && sw.top < box.bottom)
          .map(({ el }) => el)
      );
    });
  await page.goto(e2e.server.url);
  await expectHome(page, 'de');
  expect(await overlaps('.hero')).toEqual([]);
  await page.fill('[data-testid=name]', 'Ben');
  await page.tap('[data-testid=create]');
  await page.waitForSelector('[data-testid=lobby]');
  await expectLobby(page, 'de');
  expect(await overlaps('.lobby-head')).toEqual([]);
  await screenshot(page, 'lobby-de-phone');
  expect(errors).toEqual([]);
  await context.close();
});
