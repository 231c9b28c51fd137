// ESLint finds bugs; Prettier owns formatting, so no stylistic rule is enabled here. Type
// information comes from each folder's own tsconfig.json (the project service picks the nearest one
// per file), so the type-aware rules — no-floating-promises above all — see the program
// `npm run typecheck` checks.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/node_modules/', '**/dist/', 'build/', 'artifacts/', 'coverage/', 'records/', 'data/', '.cache/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // A promise nobody awaits loses its failure (an unhandled rejection ends the server: see
      // redis-failures.ts); one passed where a callback's result is ignored (express 4 handlers,
      // timers) does the same.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // The store's methods answer `void | Promise<void>` (SQLite is synchronous, Postgres is not):
      // Promise.all over them is meant.
      '@typescript-eslint/await-thenable': ['error', { allowMixedPromiseArrays: true }],
      // Tidiness, not bugs (and 68 of them across files being edited elsewhere).
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      // An async method with no await is how a synchronous store implements the promise-answering
      // Store interface: a throw becomes a rejection, as the interface promises.
      '@typescript-eslint/require-await': 'off',
      // Wire bytes (numbers) are compared with numeric enums (Colyseus's Protocol, RoomError):
      // every finding was one of those.
      '@typescript-eslint/no-unsafe-enum-comparison': 'off',
      // tsc checks this already (noUnusedLocals, noUnusedParameters), with its own exceptions
      // (rest siblings named `_…` leave keys out of a copy).
      '@typescript-eslint/no-unused-vars': 'off',
      // The page's join API rejects with a JoinFailure, a record its callers read (what to say,
      // whether to retry or watch), not an Error.
      '@typescript-eslint/only-throw-error': ['error', { allow: [{ from: 'file', name: 'JoinFailure', path: 'client/src/table/join-errors.ts' }] }],
    },
  },
  {
    // Tests read JSON records and page.evaluate results as `any` on purpose: their assertions
    // check the shape, and a cast on every line would say nothing more.
    files: ['**/*.test.ts', 'client/e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Configuration files, outside every tsconfig: checked without type information.
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: {
      // The few Node globals they use (the `globals` package would be a dependency for six names).
      globals: { require: 'readonly', module: 'writable', __dirname: 'readonly', process: 'readonly', console: 'readonly', URL: 'readonly' },
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
