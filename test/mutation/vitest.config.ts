import { defineConfig } from 'vitest/config'

/**
 * The suites a mutation run (`npm run test:mutation`) runs against each mutant: those that
 * exercise src/core and src/protocol in the test's own process, where Stryker switches mutants
 * on. Suites that only drive `node dist/main.js` are left out; a mutant cannot reach them.
 */
export default defineConfig({
  test: {
    include: [
      'test/core/**/*.test.ts',
      'test/protocol/**/*.test.ts',
      'test/property/**/*.test.ts',
      'test/extender/**/*.test.ts',
      'test/cli/**/*.test.ts',
      'test/abuse/**/*.test.ts',
      'test/server/{semantics-over-http,both-modes,golden-wire,verbs,bad-input,explain-endpoint}.test.ts',
    ],
    globalSetup: ['test/support/global-setup.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
})
