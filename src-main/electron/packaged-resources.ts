// Only src-main/electron/ knows whether the app runs packaged (app.isPackaged). A packaged app
// reads its migrations and rule pack from process.resourcesPath, where electron-builder.yml puts
// resources/migrations and resources/packs (extraResources); run from the repository (electron-vite
// dev or preview), process.resourcesPath is Electron's own folder and the repository's resources/
// are used instead.

export function packagedResourcesOption(
  isPackaged: boolean,
  resourcesPath: string,
): { packagedResourcesDir?: string } {
  return isPackaged ? { packagedResourcesDir: resourcesPath } : {}
}
