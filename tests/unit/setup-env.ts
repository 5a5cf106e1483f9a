import { tmpdir } from "node:os"
import { join } from "node:path"

// Tests never touch the user's real data folder: commands that default to the app's database
// (`fiskai ask` without --db, `traces`, `resume`) use one file per test worker instead.
process.env.FISKAI_DB = join(tmpdir(), `fiskai-vitest-${process.pid}.sqlite`)
