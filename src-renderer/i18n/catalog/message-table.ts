// The shape of the catalog's parts and how they are joined into the one catalog. A part leaving out
// a language fails `satisfies MessageTable`; a key defined in two parts fails joinCatalog's
// signature (and throws at load, should a cast get past the compiler).

/** One message in both UI languages; placeholders are written {name} and must match. */
export interface Message {
  readonly hr: string
  readonly en: string
}

export type MessageTable = Readonly<Record<string, Message>>

type Parts = readonly MessageTable[]

/** The keys that occur in more than one part; never when the parts are disjoint. */
type KeysInTwoParts<P extends Parts, Seen extends PropertyKey = never> = P extends readonly [
  infer Head extends MessageTable,
  ...infer Rest extends Parts,
]
  ? Extract<keyof Head, Seen> | KeysInTwoParts<Rest, Seen | keyof Head>
  : never

type Joined<P extends Parts> = P extends readonly [
  infer Head extends MessageTable,
  ...infer Rest extends Parts,
]
  ? Head & Joined<Rest>
  : unknown

type Flat<T> = { [K in keyof T]: T[K] }

/** Demanded of the parts only when two define the same key, so the compiler's error lists those keys. */
type NoKeyInTwoParts<P extends Parts> = [KeysInTwoParts<P>] extends [never]
  ? unknown
  : { keyInTwoParts: KeysInTwoParts<P> }

/** The parts as one table, in the order given (which is the order of the snapshot). */
export function joinCatalog<const P extends Parts>(parts: P & NoKeyInTwoParts<P>): Flat<Joined<P>>
export function joinCatalog(parts: Parts): Record<string, Message> {
  const joined: Record<string, Message> = {}
  for (const part of parts) {
    for (const [key, message] of Object.entries(part)) {
      if (Object.hasOwn(joined, key)) throw new Error(`The message ${key} is defined in two catalog parts.`)
      joined[key] = message
    }
  }
  return joined
}
