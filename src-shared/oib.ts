// The Croatian personal identification number (OIB): 11 digits, the last a check digit computed by
// ISO 7064 MOD 11,10 over the first ten (Zakon o osobnom identifikacijskom broju, NN 60/08, and the
// Tax Administration's published algorithm). Shared by the client form, the contract and the
// e-invoice audit, so that one rule decides what a valid OIB is.

/** Why a string is not a valid OIB, or null when it is one. */
export type OibProblem = "format" | "checkDigit"

/** The check digit (0–9) that ISO 7064 MOD 11,10 gives for ten digits. */
export function oibCheckDigit(firstTen: string): number {
  let carry = 10
  for (const char of firstTen) {
    let sum = (Number(char) + carry) % 10
    if (sum === 0) sum = 10
    carry = (sum * 2) % 11
  }
  const check = 11 - carry
  return check === 10 ? 0 : check
}

/** null for a valid OIB; "format" when it is not eleven digits; "checkDigit" when the last digit is wrong. */
export function oibProblem(value: string): OibProblem | null {
  if (!/^\d{11}$/.test(value)) return "format"
  return oibCheckDigit(value.slice(0, 10)) === Number(value[10]) ? null : "checkDigit"
}

export function isValidOib(value: string): boolean {
  return oibProblem(value) === null
}
