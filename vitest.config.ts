import { defineConfig } from 'vitest/config';

// Tests against a running sandbox, a keychain or a browser wait on real I/O, so they get room.
const slow = { testTimeout: 60_000, hookTimeout: 120_000 };

export default defineConfig({
  test: {
    pool: 'forks',
    // A kind of test that has no files yet is not a failure of the run.
    passWithNoTests: true,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['test/unit/**/*.test.{ts,tsx}'] },
      },
      {
        extends: true,
        test: { name: 'contract', include: ['test/contract/**/*.test.{ts,tsx}'], ...slow },
      },
      {
        extends: true,
        test: { name: 'integration', include: ['test/integration/**/*.test.{ts,tsx}'], ...slow },
      },
      {
        extends: true,
        // One browser and one host at a time: parallel files would fight over ports and windows.
        test: { name: 'e2e', include: ['test/e2e/**/*.test.{ts,tsx}'], fileParallelism: false, ...slow },
      },
      {
        extends: true,
        // The real Electron app through Playwright; skipped, saying why, where the binary is absent.
        test: { name: 'electron', include: ['test/electron/**/*.test.ts'], fileParallelism: false, ...slow },
      },
      {
        extends: true,
        // Chaos tests count charges in one ledger; running them side by side would blur the count.
        test: { name: 'chaos', include: ['test/chaos/**/*.test.ts'], fileParallelism: false, ...slow },
      },
      {
        extends: true,
        // Fuzz and leak checks start their own sandbox or host; one at a time keeps the 2 cores for them.
        test: { name: 'fuzz', include: ['test/fuzz/**/*.test.ts', 'test/leaks/**/*.test.ts'], fileParallelism: false, ...slow },
      },
    ],
  },
});
