import { defineConfig } from "vitest/config"

// Unit, property and integration tests. E2E (Playwright) runs separately via scripts/e2e.mjs.
export default defineConfig({
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/unit/**/*.test.tsx"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: "forks",
    setupFiles: ["tests/unit/setup-env.ts"],
  },
})
