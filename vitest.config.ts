// Separate from vite.config.ts so that the Remix plugin does not run under vitest.
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './tests/support/sequencer';

const alias = { '~': path.resolve(import.meta.dirname, 'app') };
/** Files that start the production build's server (integration, the fleet, e2e): node, the build's check, and their timeouts. */
const serverFiles = { environment: 'node' as const, testTimeout: 60_000, hookTimeout: 180_000, globalSetup: ['tests/support/global-setup.ts'] };

export default defineConfig({
  resolve: { alias },
  esbuild: { jsx: 'automatic' },
  test: {
    // Longest files first within each group, across projects, by tests/durations.json.
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        resolve: { alias },
        esbuild: { jsx: 'automatic' },
        // Three groups (sequence.groupOrder): the unit files first, two at a time (pure CPU on this
        // 2-core machine), then the fleet's file alone, then integration and e2e files together in one
        // pool, three at a time:
        // they mostly wait on their servers and browsers (a whole run used 1.2 of 2 cores with two),
        // and long files of either kind overlap (docs/decisions/0041, "The suite", addendum).
        test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node', maxWorkers: 2, sequence: { groupOrder: 0 } },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          // The fleet's load test runs alone (the project below).
          exclude: ['tests/integration/fleet.test.ts'],
          ...serverFiles,
          // Files share nothing (own servers on port 0, own databases and data folders, own Redis
          // namespaces) and mostly wait on their servers: two at a time (docs/decisions/0041, "The suite").
          fileParallelism: true,
          maxWorkers: 3,
          sequence: { groupOrder: 2 },
        },
      },
      {
        resolve: { alias },
        // The fleet behind nginx, alone between the unit files and the rest: its SIGKILL test counts
        // the sends answered while one instance dies under a steady stream, and how many are in flight
        // at that instance depends on how fast the instances answer. Beside three other files on two
        // cores the answers slowed enough for a third send to be caught in flight (CI, 37 of 40); alone,
        // the test measures the fleet, not its neighbours (docs/decisions/0041, "The suite").
        test: {
          name: 'fleet',
          include: ['tests/integration/fleet.test.ts'],
          ...serverFiles,
          sequence: { groupOrder: 1 },
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          ...serverFiles,
          // A browser test that walks several pages with axe took 60 s and more with the machine's two
          // cores saturated (three browser files at a time); its own waits (locators 30 s, polls 5 s)
          // still catch a page that never comes.
          testTimeout: 150_000,
          // Each file has its own server and Chromium; screenshots have one writer each.
          fileParallelism: true,
          // A click's answer in a browser, waited for as Playwright's own expect waits (5 s), not
          // Vitest's 1 s default: with three files at a time on two cores a fetch and a render can
          // pass one second (seen in members.test.ts's like and block).
          expect: { poll: { timeout: 5_000 } },
          maxWorkers: 3,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
