import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

const CONTROL_PLANE = 'test/control-plane/**/*.test.ts'

/** What both projects share; the global setup stays at the root, to run once. */
const SHARED = {
  // Server and informer tests bind real sockets; keep them in separate forks so a stuck
  // listener in one file cannot delay another.
  pool: 'forks',
  testTimeout: 20_000,
  hookTimeout: 20_000,
} as const

export default defineConfig({
  test: {
    globalSetup: ['test/support/global-setup.ts'],
    // CI keeps a JSON report so .ci/run can print the plain 'N passed, N failed' line.
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: 'test-results.json' },
    projects: [
      {
        test: {
          ...SHARED,
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: [CONTROL_PLANE],
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...SHARED,
          name: 'control-plane',
          include: [CONTROL_PLANE],
          // After the rest, two files at a time at least: vitest's default (one fewer than the
          // cores) is a single worker on CI's 2 cores, and these suites spend most of their time
          // waiting on kube-scheduler, the controllers and their own outage windows, so one
          // file's waiting leaves the cores to another. The rest keeps the default: timing
          // tests there (a SIGTERM racing a backlog) do not bear a file beside them.
          maxWorkers: Math.max(2, availableParallelism() - 1),
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
})
