import { z } from "zod"

// Every refusal code of seeds 001 and 003, and every error code of seed 001 §8.

export const RefusalCode = z.enum([
  "NO_CITABLE_RULES",
  "MISSING_CLIENT_DATA",
  "NEEDS_CLARIFICATION",
  "UNSUPPORTED_JURISDICTION",
  "UNSUPPORTED_DOMAIN",
  "OUT_OF_SCOPE",
  "UNRESOLVED_CONFLICT",
  "GRAY_ZONE",
  "FUTURE_LAW_UNCERTAIN",
  "MISSING_REQUIRED_DIMENSION",
])

// CANCELLED (an addition to seed 001 §8): the user stopped the run (Stop in the stepper, Ctrl+C
// in the CLI). The stop is an input of the run: the terminal's seq records where it took effect,
// and a replay stops at the same place (see engine/run.ts stopRequested).
export const ErrorCode = z.enum(["VALIDATION_FAILED", "CAPACITY", "TIMEOUT", "INTERNAL", "CANCELLED"])

export type RefusalCode = z.infer<typeof RefusalCode>
export type ErrorCode = z.infer<typeof ErrorCode>
