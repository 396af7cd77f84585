import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    // Server and informer tests bind real sockets; keep them in separate forks so a stuck
    // listener in one file cannot delay another.
    pool: 'forks',
    // Two files at a time at least: vitest's default (one fewer than the cores) is a single
    // worker on CI's 2 cores, and most of the control-plane suites' time is spent waiting on
    // kube-scheduler, the controllers and their own outage windows rather than computing, so one
    // file's waiting leaves the cores to another.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // CI keeps a JSON report so .ci/run can print the plain 'N passed, N failed' line.
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: 'test-results.json' },
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
})
