// The EN 16931 business terms of the two parties, one table for both syntaxes (UBL and CII name
// the same terms in different elements), so a finding cites the same BT whatever the syntax.

export const PARTY_TERMS = {
  seller: {
    group: "BG-4",
    id: "BT-29",
    name: "BT-27",
    legal: "BT-30",
    vat: "BT-31",
    address: "BG-5",
    country: "BT-40",
  },
  buyer: {
    group: "BG-7",
    id: "BT-46",
    name: "BT-44",
    legal: "BT-47",
    vat: "BT-48",
    address: "BG-8",
    country: "BT-55",
  },
} as const
