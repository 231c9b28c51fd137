/**
 * The check every browser test ends with (support.ts: no Content-Security-Policy violation in any
 * page) can fail: under the policy the server sends, an inline script and an eval are refused and
 * reported.
 */
import { openPage, takeCspViolations, useServerAndBrowser } from './support';

const e2e = useServerAndBrowser();

test('an inline script and an eval (even one caught) on the served page are refused, and both violations are collected', async () => {
  const { page } = await openPage(await e2e.browser.newContext(), 'Probe');
  await page.goto(e2e.server.url);
  await page.waitForSelector('[data-testid=create]');
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.inlineScriptRan = true;';
    document.head.append(script);
    return (window as unknown as { inlineScriptRan?: boolean }).inlineScriptRan === true;
  });
  expect(ran).toBe(false);
  // Later, as the page's own task: code evaluated by the test itself may eval whatever the policy says.
  const evalAllowed = await page.evaluate(
    () =>
      new Promise<boolean>((resolve) =>
        setTimeout(() => {
          try {
            // An eval on purpose: the page's CSP must refuse it.
            // eslint-disable-next-line @typescript-eslint/no-implied-eval
            resolve(new Function('return true')() === true);
          } catch {
            resolve(false);
          }
        }),
      ),
  );
  expect(evalAllowed).toBe(false);
  // Taken here, so the check after this test sees none.
  expect(await takeCspViolations()).toEqual([
    expect.stringMatching(/^Probe: script-src-elem refused inline at /),
    expect.stringMatching(/^Probe: script-src refused eval at /),
  ]);
});
