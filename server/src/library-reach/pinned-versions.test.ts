import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Every package whose internals a file of this folder reads: each pinned to one version, the one installed. */
const REACHED = ['@colyseus/core', '@colyseus/schema', '@colyseus/ws-transport', '@colyseus/redis-driver', '@colyseus/redis-presence', 'ioredis', 'ws'];

const manifest = JSON.parse(readFileSync(path.join(__dirname, '../../package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;

/** The version of the package Node loads for this folder (its package.json, found above its entry point). */
function installedVersion(name: string): string {
  for (let dir = path.dirname(require.resolve(name, { paths: [__dirname] })); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    try {
      const found = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string; version: string };
      if (found.name === name) return found.version;
    } catch {
      // no package.json at this level
    }
  }
  throw new Error(`${name} is not installed`);
}

test.each(REACHED)('%s is pinned to the exact version installed', (name) => {
  const declared = manifest.dependencies?.[name] ?? manifest.devDependencies?.[name];
  expect(declared).toMatch(/^\d+\.\d+\.\d+$/);
  expect(installedVersion(name)).toBe(declared);
});
