import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export interface ToolRun {
  status: number | null;
  stdout: string;
  stderr: string;
  /** stdout split into JSON lines. */
  lines: unknown[];
}

const jsonLines = (stdout: string): unknown[] =>
  stdout
    .split('\n')
    .filter((l) => l.trim().startsWith('{'))
    .map((l): unknown => JSON.parse(l));

/** process.exit(status) called by a tool run in this process: it ends the tool's script there. */
class ToolExit {
  constructor(readonly status: number) {}
}

/**
 * Runs a tool as `npm run -s <tool> -- args` does, inside this jest process: the tool's script runs
 * afresh (its modules loaded anew) with `args` as its command line, what it writes to stdout and
 * stderr kept, and `process.exit(n)` or `process.exitCode` giving its status. Launching each run in
 * a process of its own cost a second or two of start-up; `runToolProcess` still does, to show the
 * scripts start from the command line. A tool's work must be synchronous (every tool's is).
 */
export function runTool(tool: string, args: readonly string[]): ToolRun {
  // Saved to be put back as they were: never called through these references.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const saved = { argv: process.argv, exit: process.exit, exitCode: process.exitCode, out: process.stdout.write, err: process.stderr.write };
  const written = { stdout: '', stderr: '' };
  const keep = (stream: 'stdout' | 'stderr') =>
    ((chunk: string | Uint8Array) => {
      written[stream] += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      return true;
    }) as typeof process.stdout.write;
  let status: number;
  process.argv = [process.execPath, join(__dirname, `${tool}.ts`), ...args];
  process.exitCode = undefined;
  process.exit = ((code?: number) => {
    // Not an Error, so that no tool's own `catch` takes it for a failure of its work.
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    throw new ToolExit(code ?? 0);
  }) as typeof process.exit;
  process.stdout.write = keep('stdout');
  process.stderr.write = keep('stderr');
  try {
    // The tool's script, by path, loaded afresh in jest's module registry (an import() would not be isolated).
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    jest.isolateModules(() => void require(join(__dirname, tool)));
    status = Number(process.exitCode ?? 0);
  } catch (e) {
    if (e instanceof ToolExit) status = e.status;
    else {
      // As Node reports an uncaught error: its stack on stderr, status 1.
      written.stderr += `${(e as Error).stack ?? String(e)}\n`;
      status = 1;
    }
  } finally {
    process.stdout.write = saved.out;
    process.stderr.write = saved.err;
    process.exit = saved.exit;
    process.exitCode = saved.exitCode;
    process.argv = saved.argv;
  }
  return { status, ...written, lines: jsonLines(written.stdout) };
}

/** Runs a tool in a process of its own, through tsx, as `npm run -s <tool> -- args` does. */
export function runToolProcess(tool: string, args: readonly string[]): ToolRun {
  const root = join(__dirname, '..');
  const result = spawnSync(process.execPath, ['--require', 'tsx/cjs', join(__dirname, `${tool}.ts`), ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, TSX_TSCONFIG_PATH: join(__dirname, 'tsconfig.json') },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, lines: jsonLines(result.stdout) };
}
