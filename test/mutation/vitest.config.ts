import { defineConfig } from 'vitest/config'

/**
 * The suites a mutation run (`npm run test:mutation`) runs against each mutant: those that
 * exercise src/core, src/node-index, src/json, src/protocol, src/extender, src/cluster, src/config,
 * src/server and src/cli in the test's own process, where Stryker switches mutants on. A server a
 * suite starts in beforeAll is built before any mutant is switched on, so what it does at
 * construction reads as survived. Left out: suites that only drive `node dist/main.js` or
 * `dist/cli.js` (a mutant cannot reach them), those that measure the heap per call (coverage
 * counters allocate), and the bench's.
 */
export default defineConfig({
  test: {
    include: [
      'test/core/**/*.test.ts',
      'test/json/**/*.test.ts',
      'test/protocol/**/*.test.ts',
      'test/property/**/*.test.ts',
      'test/extender/**/*.test.ts',
      'test/cluster/**/*.test.ts',
      'test/cli/**/*.test.ts',
      'test/abuse/**/*.test.ts',
      'test/faults/**/*.test.ts',
      'test/server/**/*.test.ts',
      'test/config/**/*.test.ts',
      'test/deploy/**/*.test.ts',
    ],
    exclude: [
      'test/faults/apiserver-down-at-start.test.ts',
      'test/server/process.test.ts',
      'test/server/tls-process.test.ts',
      'test/server/runtime-flags.test.ts',
      'test/server/heap-per-call.test.ts',
      'test/server/node-list-gc.test.ts',
    ],
    globalSetup: ['test/support/global-setup.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
})
