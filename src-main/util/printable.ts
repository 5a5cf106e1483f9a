// Text that came from outside (file contents, keys, parse errors quoting input) is shown to people
// only after control characters are escaped and its length is capped, so it cannot drive a
// terminal (escape sequences) or blow up a message.

// eslint-disable-next-line no-control-regex -- matching control characters is the point here
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g

export function printable(text: string, maxLength = 200): string {
  const escaped = text.replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)
  return escaped.length > maxLength ? `${escaped.slice(0, maxLength)}…` : escaped
}

// Everything printable() escapes except the line structure (newline, tab): for whole messages.
// eslint-disable-next-line no-control-regex -- matching control characters is the point here
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/g

/** `text` with every control character except newline and tab escaped, at its full length. */
export function printableText(text: string): string {
  return text.replace(CONTROL_IN_TEXT, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)
}
