import { describe, expect, it } from "vitest"
import { isAllowedExternalUrl } from "../../../src-main/electron/external-links"

describe("isAllowedExternalUrl", () => {
  const hosts = new Set(["narodne-novine.nn.hr", "www.porezna-uprava.hr"])

  it("opens https citation links on the pack's hosts", () => {
    expect(isAllowedExternalUrl("https://narodne-novine.nn.hr/clanci/sluzbeni/2013_06_73_1451.html", hosts)).toBe(true)
    expect(isAllowedExternalUrl("https://WWW.Porezna-Uprava.hr/x", hosts)).toBe(true)
  })

  it("refuses other schemes, other hosts, lookalikes and embedded credentials", () => {
    expect(isAllowedExternalUrl("http://narodne-novine.nn.hr/", hosts)).toBe(false)
    expect(isAllowedExternalUrl("file:///etc/passwd", hosts)).toBe(false)
    expect(isAllowedExternalUrl("javascript:alert(1)", hosts)).toBe(false)
    expect(isAllowedExternalUrl("https://narodne-novine.nn.hr.evil.example/", hosts)).toBe(false)
    expect(isAllowedExternalUrl("https://user:pw@narodne-novine.nn.hr/", hosts)).toBe(false)
    expect(isAllowedExternalUrl("not a url", hosts)).toBe(false)
  })
})
