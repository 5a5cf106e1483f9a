// The e-invoice model is the contract's (src-shared/einvoice.ts): a document action's run carries
// the parsed invoice in its frozen request, and the engine's audit reads it there.
export * from "../../../src-shared/einvoice"
