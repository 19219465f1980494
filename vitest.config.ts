import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Builds and browsers share two cores: files run one at a time so timings stay sane.
    fileParallelism: false,
    // GitHub's workflow parser imports its schema as JSON without the import attribute Node requires: Vite loads it instead.
    server: { deps: { inline: ['@actions/workflow-parser'] } },
  },
});
