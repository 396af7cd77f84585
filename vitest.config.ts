import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Server and informer tests bind real sockets; keep them in separate forks so a stuck
    // listener in one file cannot delay another.
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
})
