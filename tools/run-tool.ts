import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export interface ToolRun {
  status: number | null;
  stdout: string;
  stderr: string;
  /** stdout split into JSON lines. */
  lines: unknown[];
}

/** Runs a tool the way `npm run -s <tool> -- args` does, for the tools' tests. */
export function runTool(tool: string, args: readonly string[]): ToolRun {
  const root = join(__dirname, '..');
  const result = spawnSync(process.execPath, ['--require', 'tsx/cjs', join(__dirname, `${tool}.ts`), ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, TSX_TSCONFIG_PATH: join(__dirname, 'tsconfig.json') },
  });
  const lines = result.stdout
    .split('\n')
    .filter((l) => l.trim().startsWith('{'))
    .map((l) => JSON.parse(l));
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, lines };
}
