import { defineConfig } from 'vitest/config'

/** Browser tests: Playwright drives the built bundle on the plain host page, one file at a time. */
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
})
