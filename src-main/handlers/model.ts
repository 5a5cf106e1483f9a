import { IpcFailure } from "../../src-shared/ipc/channel"
import type { Locale } from "../../src-shared/events/stages"
import type { Services } from "../composition/services"
import type { HandlerTable } from "../ipc/handler-table"
import { ModelSettingsError } from "../model/messages"
import { modelRunView } from "../model/model-provider"
import { checkedEndpoint, checkedModel, ModelInputError } from "../model/settings-store"
import { SecretStoreError } from "../secrets/secret-store"
import { mapStoreErrors } from "./store-errors"

// The local model's channels (issue 24): its settings (the key write-only), the connection test
// and a stored run's model part. A problem the user can fix comes back in their language.

export function modelHandlers(services: Services): Pick<HandlerTable, "model.get" | "model.update" | "model.test" | "model.run"> {
  const locale = (): Locale => services.settings.get().locale
  return {
    "model.get": () => inUserLanguage(locale, (at) => services.model.settings.view(at)),
    "model.update": (patch) => inUserLanguage(locale, (at) => services.model.settings.update(patch, at)),
    "model.test": (input) =>
      inUserLanguage(locale, (at) =>
        services.model.test(
          {
            ...(input.endpoint === undefined ? {} : { endpoint: checkedEndpoint(input.endpoint) }),
            ...(input.model === undefined ? {} : { model: checkedModel(input.model) }),
          },
          at,
        ),
      ),
    "model.run": ({ requestId }) =>
      mapStoreErrors(() => {
        if (!services.traces.reader.exists(requestId)) throw new IpcFailure("NOT_FOUND", `no trace ${requestId}`)
        return modelRunView(services.traces.reader, requestId)
      }),
  }
}

async function inUserLanguage<T>(locale: () => Locale, body: (locale: Locale) => T | Promise<T>): Promise<T> {
  return mapStoreErrors(async () => {
    const at = locale()
    try {
      return await body(at)
    } catch (error) {
      if (error instanceof ModelInputError) throw new IpcFailure("BAD_INPUT", error.texts[at])
      if (error instanceof SecretStoreError) throw new IpcFailure("UNAVAILABLE", error.text(at))
      if (error instanceof ModelSettingsError) throw new IpcFailure("CONFLICT", error.message)
      throw error
    }
  })
}
