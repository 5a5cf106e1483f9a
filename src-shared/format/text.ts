/**
 * A name or sentence as it reads after a colon or mid-sentence: "Bruto plaća" → "bruto plaća".
 * An acronym keeps its capitals ("OIB …", "PDV-a …"): a first letter followed by a capital stays.
 */
export function lowerFirst(text: string): string {
  const second = text.charAt(1)
  const acronym = second !== second.toLowerCase()
  return text.length === 0 || acronym ? text : text.charAt(0).toLowerCase() + text.slice(1)
}
