import { availableParallelism } from "node:os"
import { defineConfig } from "vitest/config"
import { BaseSequencer, type TestSpecification } from "vitest/node"

// Unit, property and integration tests. E2E (Playwright) runs separately via scripts/e2e.mjs.

/**
 * Known long files, longest first (measured on the 2-core CI machine). Vitest starts the files
 * that took longest last time first, but only with last run's timings cached; a clean clone has
 * none and starts the largest files instead, so a minute-long file picked last keeps one worker
 * busy alone at the end. A file renamed here only loses its head start.
 */
const KNOWN_SLOW_FILES = [
  "tests/unit/hardening/ipc-fuzz.test.ts",
  "tests/unit/store/crash.test.ts",
  "tests/unit/hardening/soak.test.ts",
  "tests/unit/hardening/cli-hostile.test.ts",
  "tests/unit/lint/real-tree.test.ts",
  "tests/unit/cli/main.test.ts",
  "tests/unit/hardening/verify-hostile.test.ts",
  "tests/unit/export/large-export.test.ts",
  "tests/unit/engine-thread/engine-thread.test.ts",
  "tests/unit/hardening/ws-fuzz.test.ts",
]

class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const usual = await super.sort(files)
    // With last run's timings for every file, Vitest's own order (failed first, then longest) is better.
    if (files.every((spec) => this.ctx.cache.getTestSpecificationResult(spec) !== undefined)) return usual
    const rankOf = (spec: TestSpecification) => {
      const rank = KNOWN_SLOW_FILES.findIndex((file) => spec.moduleId.endsWith(`/${file}`))
      return rank === -1 ? KNOWN_SLOW_FILES.length : rank
    }
    // Array.prototype.sort is stable: files of equal rank keep Vitest's order.
    return usual.map((spec) => ({ spec, rank: rankOf(spec) })).sort((a, b) => a.rank - b.rank).map(({ spec }) => spec)
  }
}

export default defineConfig({
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/unit/**/*.test.tsx"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: "forks",
    // Vitest's default is one worker less than the cores: a single worker on the 2-core CI machine,
    // which then sits half idle while tests wait on child processes, worker threads and fsyncs.
    // Every test has its own temp folder and database, so files run side by side: on the 2-core
    // machine the whole unit suite took 640 s with two workers against about 820 s with one.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: SlowFirstSequencer },
    setupFiles: ["tests/unit/setup-env.ts"],
  },
})
