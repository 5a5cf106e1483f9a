// PDF.js's worker module, imported for its side effect: it puts its message handler on
// globalThis.pdfjsWorker, which PDF.js then runs in this thread (pdf.ts says why).
declare module "pdfjs-dist/legacy/build/pdf.worker.mjs"
