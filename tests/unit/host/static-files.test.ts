import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { resolveStaticPath } from "../../../src-main/host/static-files"

describe("resolveStaticPath", () => {
  const root = "/srv/renderer"

  it("maps / to index.html and asset paths under the root", () => {
    expect(resolveStaticPath(root, "/")).toBe(join(root, "index.html"))
    expect(resolveStaticPath(root, "/assets/index-abc.js")).toBe(join(root, "assets/index-abc.js"))
  })

  it("never escapes the renderer folder", () => {
    for (const path of ["/../secret.txt", "/assets/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/..%2fsecret", "/a%00.js", "/%E0%A4%A"]) {
      const resolved = resolveStaticPath(root, path)
      expect(resolved === null || resolved.startsWith(`${root}/`)).toBe(true)
    }
    expect(resolveStaticPath(root, "/../renderer-evil/x.js")).toBeNull()
  })

  it("refuses, rather than repairs, every encoded or unusual form of a way out", () => {
    for (const path of [
      "/%2e%2e/secret.txt",
      "/.%2E/secret.txt",
      "/..%2fsecret",
      "/%2fetc%2fpasswd",
      "/..%5csecret",
      "/assets\\..\\secret",
      "//etc/passwd",
      "/C:/Windows/win.ini",
      "/a%00.js",
      "/a%0d%0a.js",
      "/%E0%A4%A",
    ])
      expect(resolveStaticPath(root, path), path).toBeNull()
  })
})
