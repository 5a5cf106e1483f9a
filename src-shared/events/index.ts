export * from "./stages"
export * from "./refusals"
export * from "./payloads"
export * from "./event"
