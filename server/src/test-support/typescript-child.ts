import path from 'node:path';

/** The server's compiler options: colyseus/schema's decorators need experimentalDecorators. */
export const SERVER_TSCONFIG = path.join(__dirname, '..', '..', 'tsconfig.json');

/**
 * How a child process runs TypeScript sources without a build step (the tests' and benchmarks'
 * server processes): tsx's require hook, which compiles each module with esbuild, reading the
 * compiler options of `tsconfig` (there is no tsconfig.json at the repository's root to find).
 */
export function typescriptChild(tsconfig = SERVER_TSCONFIG): { execArgv: string[]; env: NodeJS.ProcessEnv } {
  return { execArgv: ['--require', 'tsx/cjs'], env: { ...process.env, TSX_TSCONFIG_PATH: tsconfig } };
}
