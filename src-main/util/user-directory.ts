// `npm run cli -- …` and `npm run serve -- …` run with the repository as the working directory;
// npm keeps the folder the user typed the command in as INIT_CWD. Paths on the command line
// (`--db ./x.db`, `--out audit.zip`) mean what the user meant only when resolved from there.

/** Moves into the folder npm was started from, when npm started us and that folder exists. */
export function enterUserDirectory(env: NodeJS.ProcessEnv = process.env): void {
  const userDir = env["INIT_CWD"]
  if (userDir === undefined || userDir === "" || userDir === process.cwd()) return
  try {
    process.chdir(userDir)
  } catch {
    // A folder removed since the command started: keep the repository; paths still resolve.
  }
}
