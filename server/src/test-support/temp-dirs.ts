import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A maker of fresh temporary folders named `prefix…`, each removed after the test file's last test
 * (call it at a file's top level: it registers jest's afterAll).
 */
export function tempDirs(prefix: string): () => string {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
}
