import { mkdirSync } from "node:fs"
import { join, sep } from "node:path"
import { IpcFailure } from "../../src-shared/ipc/channel"
import { checkOutPath, describeOutPathProblem, protectedFile } from "../export/out-path"
import { loadOrCreateSigningKeys, ownPublicKeyPem } from "../export/signing-keys"
import { verifyBundleInWorker } from "../export/verify/verify-runner"
import type { HandlerTable } from "../ipc/handler-table"
import type { Services } from "../composition/services"

// Audit export bundles (issue 6): start / cancel an export, verify a bundle, show the signing key,
// and where bundles go. A native file dialog exists only in Electron (src-main/electron/
// file-dialogs.ts replaces `exports.chooseFile` and `exports.location` there); this table answers UNAVAILABLE.

export const EXPORTS_FOLDER = "exports"

type ExportChannels =
  | "exports.start"
  | "exports.cancel"
  | "exports.verify"
  | "exports.signingKey"
  | "exports.location"
  | "exports.checkPath"
  | "exports.chooseFile"

export function exportHandlers(services: Services): Pick<HandlerTable, ExportChannels> {
  return {
    "exports.start": async (input) => {
      // The database and the signing key are never an export's target (issue 20, item 1).
      const guarded = protectedFile(input.outPath, services.store.path, services.dataDir)
      if (guarded !== undefined)
        throw new IpcFailure("BAD_INPUT", `cannot write ${input.outPath}: it is ${guarded}, which an export never replaces`)
      const { problem } = await checkOutPath(input.outPath)
      if (problem !== null)
        throw new IpcFailure(
          "BAD_INPUT",
          `cannot write ${input.outPath}: ${describeOutPathProblem(problem, input.outPath)}`,
        )
      return services.exports.start(input)
    },
    "exports.cancel": async (input) => services.exports.cancel(input),
    // On a worker thread (a bundle from outside must not stall or exhaust the app); a bundle this
    // installation signed counts as signed by a trusted signer even when no key is required.
    "exports.verify": ({ path, trustedKeyPem }) => {
      const ownKeyPem = ownPublicKeyPem(services.dataDir)
      return verifyBundleInWorker({
        path,
        ...(trustedKeyPem === undefined ? {} : { trustedKeyPem }),
        ...(ownKeyPem === null ? {} : { ownKeyPem }),
      })
    },
    "exports.signingKey": async () => {
      const keys = loadOrCreateSigningKeys(services.dataDir)
      return { algorithm: keys.algorithm, publicKeyPem: keys.publicKeyPem, fingerprint: keys.fingerprint }
    },
    "exports.location": async () => {
      // Created here so that the suggested path is writable as it stands.
      const folder = join(services.dataDir, EXPORTS_FOLDER)
      mkdirSync(folder, { recursive: true })
      return { folder, separator: sep === "\\" ? "\\" : "/", canChooseFile: false }
    },
    "exports.checkPath": ({ path }) => checkOutPath(path),
    "exports.chooseFile": async () => {
      throw new IpcFailure("UNAVAILABLE", "no file dialog here: type the path")
    },
  }
}
