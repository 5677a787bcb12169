import { defineConfig } from 'vitest/config';

export default defineConfig({
  define: { __PYODIDE_VERSION__: '"test"', __WLLAMA_VERSION__: '"test"' },
  test: {
    include: ['src/**/*.test.ts', 'workers/**/*.test.ts', 'cli/**/*.test.ts', 'datasets/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['workers/stdlib-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    expect: { requireAssertions: true },
  },
});
