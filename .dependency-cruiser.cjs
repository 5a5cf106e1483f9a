/* global module */
// The rooms of the code and the direction of their arrows (docs/architecture.md draws them).
// `npm run lint` runs this after ESLint; tests/unit/lint/rooms.test.ts proves each rule fires.
//
// Layers, inner to outer: the contract (src-shared) and util; knowledge; the engine; the trace
// format; then what is built on them (store, sinks, whatif, export, engine-thread, logging,
// updates); the runs; the composition root; the hosts (handlers, ipc, host, electron, cli).
// An inner room never imports an outer one, and no two rooms import each other in a circle.

/** The rooms of src-main that are outer to the engine and the trace format. */
const OUTER_TO_TRACE = "store|sinks|whatif|export|shadow|engine-thread|logging|updates|runs|composition|handlers|ipc|host|electron|cli"

/** A rule: files under `from` may not import files under `to`. */
function forbid(name, comment, from, to) {
  return { name, comment, severity: "error", from: { path: from }, to: { path: to } }
}

module.exports = {
  forbidden: [
    {
      name: "no-room-circle",
      comment: "Two rooms (folders) import each other, directly or around a circle: pick one direction.",
      severity: "error",
      scope: "folder",
      from: {},
      to: { circular: true },
    },
    {
      name: "no-module-circle",
      comment: "Modules import each other in a circle: move what both need below them.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    forbid(
      "contract-depends-on-nothing",
      "src-shared is the contract: it imports nothing of the processes that use it.",
      "^src-shared/",
      "^src-(main|preload|renderer)/",
    ),
    forbid("util-is-innermost", "src-main/util imports only the contract.", "^src-main/util/", `^src-main/(?!util/)`),
    forbid(
      "knowledge-is-inner",
      "The rule pack and its reading (knowledge) import only the contract and util.",
      "^src-main/knowledge/",
      `^src-main/(engine|trace|${OUTER_TO_TRACE})/`,
    ),
    forbid(
      "knowledge-and-engine-below-packs",
      "Pack versions and rule changes (packs) are built on the pack schema; the engine and knowledge never import them.",
      "^src-main/(knowledge|engine)/",
      "^src-main/packs/",
    ),
    forbid(
      "packs-room",
      "packs (pack versions, rule changes, signed pack files) imports the contract, util, knowledge, trace, store and export's signing keys only.",
      "^src-main/packs/",
      "^src-main/(engine|sinks|whatif|shadow|documents|engine-thread|logging|updates|runs|composition|handlers|ipc|host|electron|cli)/|^src-main/export/(?!signing-keys\\.ts$)",
    ),
    forbid(
      "engine-is-inner",
      "The engine is pure: it imports the contract, util and knowledge only.",
      "^src-main/engine/",
      `^src-main/(trace|${OUTER_TO_TRACE})/`,
    ),
    forbid(
      "trace-is-inner",
      "The trace format (canonical encoding, chain, replay, verify) is pure: no store, runs or hosts.",
      "^src-main/trace/",
      `^src-main/(${OUTER_TO_TRACE})/`,
    ),
    forbid(
      "documents-are-inner",
      "Client documents (reading and auditing e-invoices) build on the contract, util and knowledge only; store, runs and hosts use them.",
      "^src-main/documents/",
      `^src-main/(engine|trace|${OUTER_TO_TRACE})/`,
    ),
    forbid(
      "inner-rooms-below-documents",
      "Knowledge, the engine and the trace format never import client documents.",
      "^src-main/(knowledge|engine|trace)/",
      "^src-main/documents/",
    ),
    forbid(
      "store-below-runs",
      "The store persists; it does not run, replay what-ifs or serve hosts.",
      "^src-main/store/",
      "^src-main/(sinks|whatif|export|shadow|engine-thread|runs|composition|handlers|ipc|host|electron|cli|packs)/",
    ),
    forbid(
      "domain-below-runs",
      "What-if logic, sinks, export and the shadow run are used by the runs and the hosts, never the other way round.",
      "^src-main/(whatif|sinks|export|shadow|engine-thread)/",
      "^src-main/(runs|composition|handlers|ipc|host|electron|cli)/",
    ),
    forbid(
      "runs-below-hosts",
      "The run service is started by hosts through the composition root; it knows no host.",
      "^src-main/runs/",
      "^src-main/(composition|handlers|ipc|host|electron|cli)/",
    ),
    forbid(
      "inner-rooms-below-model-and-firm",
      "The local model (model) and the firm's PostgreSQL sync (firm) are outer rooms: the contract's readers, knowledge, the engine, the trace format, documents and the store never import them.",
      "^src-main/(util|knowledge|engine|trace|documents|store|packs)/",
      "^src-main/(model|firm)/",
    ),
    forbid(
      "model-below-runs",
      "The local model runs beside a run; it knows no host.",
      "^src-main/model/",
      "^src-main/(composition|handlers|ipc|host|electron|cli|firm)/",
    ),
    forbid(
      "firm-below-hosts",
      "The firm sync reads and writes the store and the firm's server; hosts start it, it knows none.",
      "^src-main/firm/",
      "^src-main/(composition|handlers|ipc|host|electron|cli|model)/",
    ),
    forbid(
      "secrets-below-everything-that-uses-them",
      "The secret store seals and opens the desk's secrets with a cipher the host gives it; it knows no run, sync, model or host.",
      "^src-main/secrets/",
      "^src-main/(engine|runs|store|model|firm|composition|handlers|ipc|host|electron|cli)/",
    ),
    forbid(
      "composition-below-hosts",
      "The composition root builds services for the hosts (and the push buses ipc/ forwards); it imports no host.",
      "^src-main/composition/",
      "^src-main/(handlers|host|electron|cli)/",
    ),
  ],
  options: {
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    doNotFollow: { path: "node_modules" },
    exclude: { path: "node_modules" },
  },
}
