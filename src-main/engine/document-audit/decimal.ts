// Exact decimal arithmetic for invoice amounts. Amounts are compared in cents as bigint, never as
// floats: 0.1 + 0.2 is 0.30000000000000004 in a float, and an audit must not call that a mismatch
// (or miss a real one-cent error because of it).

/** A decimal as an integer count of 10^-scale units: "19.90" is { units: 1990n, scale: 2 }. */
export interface Exact {
  units: bigint
  scale: number
}

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/

/** The exact value of a decimal text, or undefined when the text is not one. */
export function exact(text: string): Exact | undefined {
  const match = DECIMAL.exec(text.trim())
  if (!match) return undefined
  const [, sign = "", whole = "", fraction = ""] = match
  if (whole === "" && fraction === "") return undefined
  const units = BigInt(`${whole || "0"}${fraction}`)
  return { units: sign === "-" ? -units : units, scale: fraction.length }
}

export function decimalPlaces(text: string): number {
  return exact(text)?.scale ?? 0
}

const TEN = BigInt(10)
const ZERO = BigInt(0)
const TWO = BigInt(2)

function pow10(n: number): bigint {
  return TEN ** BigInt(n)
}

/** numerator / denominator rounded to the nearest integer, halves away from zero (EN 16931 rounds so). */
export function roundRatio(numerator: bigint, denominator: bigint): bigint {
  if (denominator === ZERO) throw new RangeError("division by zero")
  const negative = numerator < ZERO !== denominator < ZERO
  const n = numerator < ZERO ? -numerator : numerator
  const d = denominator < ZERO ? -denominator : denominator
  const rounded = (n * TWO + d) / (d * TWO)
  return negative ? -rounded : rounded
}

/** The value rounded to `scale` decimals, as units of 10^-scale. */
export function toScale(value: Exact, scale: number): bigint {
  if (value.scale <= scale) return value.units * pow10(scale - value.scale)
  return roundRatio(value.units, pow10(value.scale - scale))
}

/** Cents of a decimal text (rounded half away from zero), or undefined when it is not a decimal. */
export function cents(text: string): bigint | undefined {
  const value = exact(text)
  return value === undefined ? undefined : toScale(value, 2)
}

/** The exact product of decimals. */
export function multiply(...factors: Exact[]): Exact {
  return factors.reduce((a, b) => ({ units: a.units * b.units, scale: a.scale + b.scale }), {
    units: BigInt(1),
    scale: 0,
  })
}

/** a / b rounded to `scale` decimals. */
export function divideTo(a: Exact, b: Exact, scale: number): bigint {
  // a/b = (a.units / 10^a.scale) / (b.units / 10^b.scale); scaled by 10^scale.
  return roundRatio(a.units * pow10(b.scale + scale), b.units * pow10(a.scale))
}

/** Whether two decimal texts are the same number ("5" and "5.00"). */
export function sameNumber(a: string, b: string): boolean {
  const x = exact(a)
  const y = exact(b)
  if (x === undefined || y === undefined) return a.trim() === b.trim()
  const scale = Math.max(x.scale, y.scale)
  return toScale(x, scale) === toScale(y, scale)
}

/** "1234.5" style text of a cent count: -105n -> "-1.05". */
export function formatCents(value: bigint): string {
  const negative = value < ZERO
  const abs = negative ? -value : value
  const whole = abs / BigInt(100)
  const fraction = (abs % BigInt(100)).toString().padStart(2, "0")
  return `${negative ? "-" : ""}${whole.toString()}.${fraction}`
}

export function isZero(text: string): boolean {
  const value = exact(text)
  return value !== undefined && value.units === ZERO
}
