import { defineConfig } from 'vitest/config'

/** `npm run test:alerts`: the alert rules under promtool, which `npm test` does not need. */
export default defineConfig({
  test: {
    include: ['test/deploy/alert-rules.promtool.ts'],
    testTimeout: 60_000,
  },
})
