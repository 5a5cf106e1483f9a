import fc from "fast-check"
import { describe, expect, test } from "vitest"
import { readChunk, ThinkSplitter } from "../../../src-main/model/deltas"
import { SseParser } from "../../../src-main/model/sse"

describe("server-sent events", () => {
  test("events come out whole however the bytes are cut, in CRLF or LF, with comments and other fields skipped", () => {
    const stream = ': keep-alive\r\nevent: message\r\ndata: {"a":1}\r\n\r\nid: 7\ndata: line one\ndata: line two\n\ndata:[DONE]\n\n'
    fc.assert(
      fc.property(fc.array(fc.nat(stream.length), { maxLength: 20 }), (cuts) => {
        const parser = new SseParser()
        const points = [...new Set(cuts)].sort((a, b) => a - b)
        const out: string[] = []
        let from = 0
        for (const point of [...points, stream.length]) {
          out.push(...parser.feed(stream.slice(from, point)))
          from = point
        }
        out.push(...parser.end())
        expect(out).toEqual(['{"a":1}', "line one\nline two", "[DONE]"])
      }),
    )
  })

  test("an event the stream ends inside still counts", () => {
    const parser = new SseParser()
    expect(parser.feed("data: tail")).toEqual([])
    expect(parser.end()).toEqual(["tail"])
  })
})

describe("chunks", () => {
  test("thinking comes from reasoning_content (llama.cpp, vLLM) or reasoning (Ollama), text from content", () => {
    expect(readChunk('{"choices":[{"delta":{"reasoning_content":"hm"}}]}')).toEqual({ kind: "delta", reasoning: "hm", content: "", finished: false })
    expect(readChunk('{"choices":[{"delta":{"reasoning":"hm"},"finish_reason":null}]}')).toEqual({ kind: "delta", reasoning: "hm", content: "", finished: false })
    expect(readChunk('{"choices":[{"delta":{"content":"Da."},"finish_reason":"stop"}]}')).toEqual({ kind: "delta", reasoning: "", content: "Da.", finished: true })
    expect(readChunk("[DONE]")).toEqual({ kind: "done" })
  })

  test("nonsense and server errors are told apart from deltas", () => {
    expect(readChunk("{not json")).toMatchObject({ kind: "invalid" })
    expect(readChunk('{"hello":"world"}')).toMatchObject({ kind: "invalid" })
    expect(readChunk('{"error":{"message":"model not found"}}')).toEqual({ kind: "error", detail: "model not found" })
  })

  test("<think> … </think> in the content is thinking, whatever the chunk borders", () => {
    const content = "<think>Korisnik pita o PDV-u.</think>Prag je u pravilu."
    fc.assert(
      fc.property(fc.array(fc.nat(content.length), { maxLength: 12 }), (cuts) => {
        const splitter = new ThinkSplitter()
        const points = [...new Set(cuts)].sort((a, b) => a - b)
        let reasoning = ""
        let text = ""
        let from = 0
        for (const point of [...points, content.length]) {
          const out = splitter.push(content.slice(from, point))
          reasoning += out.reasoning
          text += out.text
          from = point
        }
        const tail = splitter.end()
        expect(reasoning + tail.reasoning).toBe("Korisnik pita o PDV-u.")
        expect(text + tail.text).toBe("Prag je u pravilu.")
      }),
    )
  })
})
