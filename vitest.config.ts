import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

const CONTROL_PLANE = 'test/control-plane/**/*.test.ts'

/**
 * The suites that judge time or memory inside one machine's budget: a SIGTERM racing connections
 * not yet accepted, timeouts of slow senders, heap and RSS bounds, the cost of one call against
 * another. They run one file at a time, with no other file's work beside them: with a second
 * file running, `test/server/shutdown-backlog.test.ts` failed on 2 cores.
 */
const ALONE = [
  'test/faults/**/*.test.ts',
  'test/abuse/**/*.test.ts',
  'test/cluster/node-list-garbage.test.ts',
  ...[
    'connections-closed',
    'deployed-memory',
    'heap-per-call',
    'http-server.shutdown',
    'memory-bounds',
    'node-list-gc',
    'probe-port-flood',
    'process',
    'shutdown-backlog',
    'tls-process',
    'tls-silent-clients',
  ].map((name) => `test/server/${name}.test.ts`),
]

/** Two files at a time at least: vitest's default, one fewer than the cores, is one on 2 cores. */
const TWO_AT_LEAST = Math.max(2, availableParallelism() - 1)

/** What every project shares; the global setup stays at the root, to run once. */
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
        // Pure rules, decoders, the tools and the servers' answers: nothing in them depends on
        // how fast a file beside them runs.
        test: {
          ...SHARED,
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: [CONTROL_PLANE, ...ALONE],
          maxWorkers: TWO_AT_LEAST,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...SHARED,
          name: 'alone',
          include: ALONE,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          ...SHARED,
          name: 'control-plane',
          include: [CONTROL_PLANE],
          // Last, two files at a time: these suites spend most of their time waiting on
          // kube-scheduler, the controllers and their own outage windows, so one file's waiting
          // leaves the cores to another.
          maxWorkers: TWO_AT_LEAST,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
})
