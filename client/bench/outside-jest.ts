/**
 * The benchmark runs the browser tests' support code outside jest, and that code registers a jest
 * hook when it is loaded (every test checks for CSP violations): outside jest there is no hook to
 * register. Imported before the support code.
 */
const globals = globalThis as { afterEach?: (fn: () => unknown) => void };
globals.afterEach ??= () => undefined;
