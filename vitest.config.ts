import { defineConfig } from 'vitest/config'

/** Unit tests: the source under happy-dom, and the local stand-ins under Node. */
export default defineConfig({
  define: {
    __WALLETKIT_VERSION__: JSON.stringify('0.0.0-test'),
    __WALLETKIT_LOCALES__: '{}',
    __WALLETKIT_ENSIP15__: '""',
  },
  test: {
    include: ['test/unit/**/*.test.{ts,tsx}', 'test/stack/**/*.test.ts'],
    environment: 'happy-dom',
    setupFiles: ['test/unit/setup.ts'],
    restoreMocks: true,
    testTimeout: 20_000,
  },
})
