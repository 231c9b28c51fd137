/**
 * The server's Content-Security-Policy forbids eval, and Chromium reports even an eval that is
 * refused and caught. zod probes for eval when the engine's schemas are built (to compile fast
 * object parsers), so it is told not to before any of them is: each page imports this first.
 */
import { config } from 'zod';

config({ jitless: true });
