import { dirname, resolve } from "node:path"
import { fileURLToPath } from "node:url"

// Paths the CLI resolves relative to the repository (or installed app), never the working directory.

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..")

