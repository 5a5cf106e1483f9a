import { describe, expect, it } from "vitest"
import { packagedResourcesOption } from "../../../src-main/electron/packaged-resources"

describe("packagedResourcesOption", () => {
  it("hands a packaged app's resources folder to the services", () => {
    expect(packagedResourcesOption(true, "/opt/FiskAI Workstation/resources")).toEqual({
      packagedResourcesDir: "/opt/FiskAI Workstation/resources",
    })
  })

  it("leaves it out when run from the repository, where resourcesPath is Electron's own folder", () => {
    expect(packagedResourcesOption(false, "/repo/node_modules/electron/dist/resources")).toEqual({})
  })
})
