import type { MessageTable } from "./message-table"

// Facts in words: why a rule was excluded, the names of facts and of their values.

export const factMessages = {
  "exclusion.THRESHOLD_EXCEEDED": {
    hr: "Isključeno jer {fact} ({actual}) prelazi prag ({expected}).",
    en: "Excluded because {fact} ({actual}) exceeds the threshold ({expected}).",
  },
  "exclusion.DATE_MISMATCH": {
    hr: "Isključeno jer pravilo na dan {actual} nije na snazi (pravilo je {expected}).",
    en: "Excluded because on {actual} the rule is not in force (the rule is {expected}).",
  },
  "exclusion.JURISDICTION_MISMATCH": {
    hr: "Isključeno jer pravilo vrijedi za {expected}, a ne za {actual}.",
    en: "Excluded because the rule applies to {expected}, not {actual}.",
  },
  "exclusion.MISSING_CONTEXT": {
    hr: "Isključeno jer nije poznat podatak: {fact}; pravilo vrijedi kad je {expected}.",
    en: "Excluded because {fact} is not known; the rule applies when it is {expected}.",
  },
  "exclusion.CONDITION_FALSE": {
    hr: "Isključeno jer je {fact}: {actual}; pravilo vrijedi kad je {expected}.",
    en: "Excluded because {fact} is {actual}; the rule applies when it is {expected}.",
  },
  "exclusion.generic": {
    hr: "Isključeno: {actual} (potrebno: {expected}).",
    en: "Excluded: {actual} (needed: {expected}).",
  },
  "exclusion.source.user_profile": { hr: "iz profila klijenta", en: "from the client profile" },
  "exclusion.source.query": { hr: "iz pitanja", en: "from the question" },
  "exclusion.source.assumed_default": { hr: "pretpostavljeno", en: "assumed" },

  "fact.asOf": { hr: "datum", en: "the date" },
  "fact.entity.type": { hr: "pravni oblik", en: "the legal form" },
  "fact.entity.obrtSubtype": { hr: "vrsta obrta", en: "the kind of trade" },
  "fact.entity.vat.status": { hr: "status u sustavu PDV-a", en: "the VAT status" },
  "fact.entity.activityNkd": { hr: "djelatnost (NKD)", en: "the activity (NKD)" },
  "fact.entity.location.country": { hr: "država", en: "the country" },
  "fact.entity.location.county": { hr: "županija", en: "the county" },
  "fact.counters.revenueYtd": { hr: "vaš promet", en: "your turnover" },
  "fact.counters.revenuePriorYear": { hr: "vaš promet prošle godine", en: "your turnover last year" },
  "fact.txn.kind": { hr: "vrsta isporuke", en: "the kind of supply" },
  "fact.txn.paymentMethod": { hr: "način plaćanja", en: "the payment method" },
  "fact.txn.amount": { hr: "iznos transakcije", en: "the transaction amount" },
  "fact.txn.b2b": { hr: "isporuka drugom poduzetniku", en: "a business-to-business supply" },
  "fact.txn.crossBorderEu": { hr: "prekogranična isporuka u EU", en: "a cross-border EU supply" },
  "fact.query.amount": { hr: "iznos iz pitanja", en: "the amount in the question" },
  "fact.query.year": { hr: "godina iz pitanja", en: "the year in the question" },
  "fact.query.item": { hr: "predmet iz pitanja", en: "the item in the question" },
  "fact.query.entityType": { hr: "pravni oblik iz pitanja", en: "the legal form in the question" },
  "fact.query.obrtSubtype": { hr: "vrsta obrta iz pitanja", en: "the kind of trade in the question" },
  "fact.query.vatStatus": { hr: "status PDV-a iz pitanja", en: "the VAT status in the question" },
  "fact.query.tripHours": { hr: "trajanje puta", en: "the trip duration" },
  "fact.query.serviceYears": { hr: "godine staža", en: "the years of service" },
  "fact.unknownPath": { hr: "podatak „{path}”", en: "the fact “{path}”" },
  // Counted facts: "10 sati", "22 sata", "1 sat"; "15 godina", "22 godine", "21 godina".
  "fact.count.hours.one": { hr: "{n} sat", en: "{n} hour" },
  "fact.count.hours.few": { hr: "{n} sata", en: "{n} hours" },
  "fact.count.hours.other": { hr: "{n} sati", en: "{n} hours" },
  "fact.count.years.one": { hr: "{n} godina", en: "{n} year" },
  "fact.count.years.few": { hr: "{n} godine", en: "{n} years" },
  "fact.count.years.other": { hr: "{n} godina", en: "{n} years" },

  "entityType.DOO": { hr: "d.o.o.", en: "d.o.o. (limited company)" },
  "entityType.JDOO": { hr: "j.d.o.o.", en: "j.d.o.o. (simple limited company)" },
  "entityType.OBRT": { hr: "obrt", en: "obrt (sole trade)" },
  "entityType.UDRUGA": { hr: "udruga", en: "udruga (association)" },
  "entityType.OTHER": { hr: "drugo", en: "other" },
  "obrtSubtype.PAUSALNI": { hr: "paušalni obrt", en: "flat-rate (paušalni)" },
  "obrtSubtype.DOHODAS": { hr: "obrt – porez na dohodak", en: "income-tax trade (dohodaš)" },
  "obrtSubtype.DOBITAS": { hr: "obrt – porez na dobit", en: "profit-tax trade (dobitaš)" },
  "vat.IN_VAT": { hr: "u sustavu PDV-a", en: "in the VAT system" },
  "vat.OUTSIDE_VAT": { hr: "izvan sustava PDV-a", en: "outside the VAT system" },
  "vat.UNKNOWN": { hr: "nepoznato", en: "unknown" },
} as const satisfies MessageTable
