/** No trace (or client) with the id asked for is stored. */
export class TraceNotFoundError extends Error {}
