import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    // Server and informer tests bind real sockets; keep them in separate forks so a stuck
    // listener in one file cannot delay another.
    pool: 'forks',
    // CI keeps a JSON report so .ci/run can print the plain 'N passed, N failed' line.
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: 'test-results.json' },
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
})
