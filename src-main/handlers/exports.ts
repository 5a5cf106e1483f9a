import { buildAnswerWithReasoning } from "../engine/pipeline"
import { loadOrCreateSigningKeys } from "../export/signing-keys"
import { verifyBundle } from "../export/verify/verify-bundle"
import type { HandlerTable } from "../ipc/handler-table"
import type { Services } from "../services"

// Audit export bundles (issue 6): start / cancel an export, verify a bundle, show the signing key.

export function exportHandlers(services: Services): Pick<HandlerTable, "startExport" | "cancelExport" | "verifyBundle" | "signingKey"> {
  return {
    startExport: async (input) => services.exports.start(input),
    cancelExport: async (input) => services.exports.cancel(input),
    verifyBundle: ({ path, trustedKeyPem }) =>
      verifyBundle(path, { engine: buildAnswerWithReasoning, ...(trustedKeyPem === undefined ? {} : { trustedKeyPem }) }),
    signingKey: async () => {
      const keys = loadOrCreateSigningKeys(services.dataDir)
      return { algorithm: keys.algorithm, publicKeyPem: keys.publicKeyPem, fingerprint: keys.fingerprint }
    },
  }
}
