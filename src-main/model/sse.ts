// Server-sent events as OpenAI-compatible servers stream chat completions: lines of `field: value`,
// an event ending at a blank line, its `data:` lines joined by "\n". Only data matters here;
// comments (`:`) and other fields (event, id, retry) are skipped. Fed text in arbitrary pieces.

export class SseParser {
  private pending = ""
  private data: string[] = []

  /** Feeds a piece of the stream; returns the data of every event it completed. */
  feed(piece: string): string[] {
    this.pending += piece
    const out: string[] = []
    let newline = this.pending.search(/\r\n|\r|\n/u)
    while (newline >= 0) {
      const line = this.pending.slice(0, newline)
      const width = this.pending.startsWith("\r\n", newline) ? 2 : 1
      // A lone "\r" at the very end may be the first half of "\r\n": wait for the next piece.
      if (width === 1 && this.pending[newline] === "\r" && newline === this.pending.length - 1) break
      this.pending = this.pending.slice(newline + width)
      this.takeLine(line, out)
      newline = this.pending.search(/\r\n|\r|\n/u)
    }
    return out
  }

  /** The stream ended: an event not yet closed by a blank line still counts. */
  end(): string[] {
    const out: string[] = []
    if (this.pending !== "") this.takeLine(this.pending, out)
    this.pending = ""
    this.takeLine("", out)
    return out
  }

  private takeLine(line: string, out: string[]): void {
    if (line === "") {
      if (this.data.length > 0) out.push(this.data.join("\n"))
      this.data = []
      return
    }
    if (line.startsWith(":")) return
    const colon = line.indexOf(":")
    const field = colon < 0 ? line : line.slice(0, colon)
    if (field !== "data") return
    const value = colon < 0 ? "" : line.slice(colon + 1)
    this.data.push(value.startsWith(" ") ? value.slice(1) : value)
  }
}
