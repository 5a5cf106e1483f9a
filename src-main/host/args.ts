// Command line of the browser host: `npm run serve -- [--port N] [--data-dir DIR] [--renderer-dir DIR]`.
// Flags win over the environment (PORT, FISKAI_DATA_DIR); port 0 picks a free port.

export interface HostArgs {
  port: number
  dataDir: string | null
  rendererDir: string | null
  help: boolean
}

export class HostUsageError extends Error {}

export const HOST_USAGE = `usage: npm run serve -- [--port N] [--data-dir DIR] [--renderer-dir DIR]
  --port N           port on 127.0.0.1 (default: PORT env, else 0 = a free port)
  --data-dir DIR     where fiskai.sqlite lives (default: FISKAI_DATA_DIR env, else the app's data folder)
  --renderer-dir DIR the built renderer (default: out/renderer)`

function parsePort(text: string): number {
  const port = Number(text)
  if (!/^\d+$/.test(text) || port > 65535) throw new HostUsageError(`not a port number: ${text}`)
  return port
}

export function parseHostArgs(argv: readonly string[], env: NodeJS.ProcessEnv): HostArgs {
  const args: HostArgs = {
    port: env["PORT"] ? parsePort(env["PORT"]) : 0,
    dataDir: env["FISKAI_DATA_DIR"] || null,
    rendererDir: null,
    help: false,
  }
  for (let i = 0; i < argv.length; i += 1) {
    const [flag, inline] = (argv[i] ?? "").split(/=(.*)/s, 2)
    const value = () => {
      const next = inline ?? argv[++i]
      if (next === undefined || next === "") throw new HostUsageError(`${flag} needs a value`)
      // "--data-dir --port 8123": the next option is not a folder named "--port".
      if (inline === undefined && next.startsWith("--")) throw new HostUsageError(`${flag} needs a value, not the option ${next}`)
      return next
    }
    switch (flag) {
      case "--port":
        args.port = parsePort(value())
        break
      case "--data-dir":
        args.dataDir = value()
        break
      case "--renderer-dir":
        args.rendererDir = value()
        break
      case "--help":
      case "-h":
        args.help = true
        break
      default:
        throw new HostUsageError(`unknown argument: ${argv[i]}`)
    }
  }
  return args
}
