// Hostile text shared by the engine, CLI, IPC and report tests: what a careless paste, a
// malicious colleague or a broken integration could send. None of it is regulatory content.

export const VAT_QUESTION = "Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?"

/** About 1 MB (1,048,576 UTF-16 units) of a real question repeated. */
export function megabyteQuestion(): string {
  return `${VAT_QUESTION} `.repeat(Math.ceil(1_048_576 / (VAT_QUESTION.length + 1))).slice(0, 1_048_576)
}

export const XSS_IMG = "<img src=x onerror=alert(1)>"
export const XSS_SCRIPT = "<script>alert(document.cookie)</script>"

/** Named hostile strings: label -> text. */
export const HOSTILE_STRINGS: Record<string, string> = {
  "C0 control characters": "Moram li\u0000 ući\u0007 u sustav\u0008 PDV-a\u001b[31m ako mi je promet 65.000 eura?\u0000",
  "terminal escape sequences": "\u001b]0;pwned\u0007\u001b[2J\u001b[31mPDV prag?\u001b[0m",
  "bidi overrides and zero-width": "Moram li \u202eući u\u202c sustav\u200b PDV\u2066-a\u2069 ako mi je promet\ufeff 65.000 eura?",
  "lone surrogates": "PDV prag \ud800 65.000 eura \udfff?",
  "mixed scripts": "Моram li ući u sustav ΠDV-a 如果 promet 65.000 eura? مرحبا שלום",
  emoji: "🤑 Moram li ući u sustav PDV-a 💶 ako mi je promet 65.000 eura? 🧾👨‍👩‍👧 🇭🇷",
  "combining marks": "P̸̡̛D̷̢͝V̶̨͠ p̵r̶a̷g̸ 6̶5̷.̸0̷0̶0̵ eura?",
  "full-width digits": "Moram li ući u sustav PDV-a ako mi je promet ６５．０００ eura?",
  "SQL fragment": "PDV prag'; DROP TABLE traces; -- 65.000 eura' OR '1'='1",
  "SQL in a real question": "Moram li ući u sustav PDV-a ako mi je promet 65.000 eura'); DELETE FROM events; --",
  "HTML fragment": `${XSS_IMG} Moram li ući u sustav PDV-a ${XSS_SCRIPT} ako mi je promet 65.000 eura?`,
  "HTML only": `${XSS_IMG}${XSS_SCRIPT}<iframe src="javascript:alert(1)"></iframe>`,
  "absurd amount (power)": "Moram li ući u sustav PDV-a ako mi je promet 10^300 eura?",
  "absurd amount (300 digits)": `Moram li ući u sustav PDV-a ako mi je promet 1${"0".repeat(300)} eura?`,
  "negative amount": "Moram li ući u sustav PDV-a ako mi je promet -5 eura?",
  "NaN and Infinity": "Moram li ući u sustav PDV-a ako mi je promet NaN eura ili Infinity eura?",
  "impossible date (dotted)": "Koji je prag za ulazak u sustav PDV-a na dan 31.02.2025?",
  "impossible date (ISO)": "Koji je prag za ulazak u sustav PDV-a na dan 9999-99-99?",
  "year zero": "Koji je prag za ulazak u sustav PDV-a na dan 0000-01-01?",
  "whitespace only": "   \n\t  \u00a0\u2003 ",
  "punctuation only": "?!?!…---***",
  "prototype keys": "__proto__ constructor prototype toString hasOwnProperty PDV",
  "format strings": "%s%s%s%n %x ${process.exit()} {{7*7}} PDV prag",
  "path traversal": "../../../../etc/passwd PDV prag C:\\Windows\\System32",
  "one long word": "PDV".repeat(50_000),
}
