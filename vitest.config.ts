import { defineConfig } from 'vitest/config';

// Tests against a running sandbox, a keychain or a browser wait on real I/O, so they get room;
// a poll that names no bound of its own waits for what it expects as long as a busy machine needs
// (vitest's own default gives up after one second).
const slow = { testTimeout: 60_000, hookTimeout: 120_000, expect: { poll: { timeout: 10_000 } } };

// Two files at a time where files share nothing (each starts its own sandbox, core, host and
// browser on random ports, in temporary folders, under a keychain service name of its own). On
// the two cores CI has, one file of these keeps about one core busy between its process, the
// sandbox it starts and the browser, so a second file fills the other core and a third would only
// queue for it; vitest's own default there is one file at a time. Projects with another worker
// count need a group of their own (`sequence.groupOrder`); groups run one after another.
const twoAtATime = { maxWorkers: 2 };
// The renderer the browser host serves, built once before files that may build it run side by side.
const buildsOnce = { globalSetup: ['test/support/buildsSetup.ts'] };

export default defineConfig({
  test: {
    pool: 'forks',
    // A kind of test that has no files yet is not a failure of the run.
    passWithNoTests: true,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['test/unit/**/*.test.{ts,tsx}'], setupFiles: ['test/support/catalogsLoaded.ts'], ...twoAtATime },
      },
      {
        extends: true,
        // One at a time: its files are short, and two of them watch the sandbox under load (a stop while
        // ffmpeg renders, a queue seen busy) that a file on the other core would make less certain.
        test: { name: 'contract', include: ['test/contract/**/*.test.{ts,tsx}'], ...slow },
      },
      {
        extends: true,
        test: { name: 'integration', include: ['test/integration/**/*.test.{ts,tsx}'], ...slow, ...twoAtATime, ...buildsOnce },
      },
      {
        extends: true,
        // Each file has its own host, sandbox and browser on random ports, so two can run at once.
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.{ts,tsx}'],
          ...slow,
          ...twoAtATime,
          ...buildsOnce,
          sequence: { groupOrder: 1 },
        },
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
