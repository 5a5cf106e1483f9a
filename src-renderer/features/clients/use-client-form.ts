import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from "react"
import type { Client } from "../../../src-shared/traces"
import { ApiError } from "../../api/client"
import { useI18n } from "../../i18n/i18n-context"
import { useStores } from "../../state/stores"
import {
  buildClientInput,
  EMPTY_FORM,
  fieldForPath,
  oibError,
  valuesFromClient,
  type ClientFormValues,
  type FieldErrors,
  type FieldName,
} from "./client-form-model"

// The client form's state: its values as strings, the error next to each field, and saving. A
// rejected save (by the contract's schema here, or by the host) takes the user to the first field
// that needs fixing.

export interface ClientFormState {
  values: ClientFormValues
  errors: FieldErrors
  /** What the form says under its button when a save was refused or failed. */
  failure: string | null
  saving: boolean
  /** Prefix of the form's element ids (unique per form). */
  ids: string
  formRef: RefObject<HTMLFormElement | null>
  set: <K extends FieldName>(field: K, value: ClientFormValues[K]) => void
  /** The user left a field: the OIB is checked at once (a mistyped digit is caught with the paper at hand). */
  blur: (field: FieldName) => void
  submit: (event: FormEvent) => Promise<void>
}

export function useClientForm(client: Client | null, onSaved: (saved: Client) => void): ClientFormState {
  const { t, locale } = useI18n()
  const { clients } = useStores()
  const [values, setValues] = useState(() => (client ? valuesFromClient(client, locale) : EMPTY_FORM))
  const [errors, setErrors] = useState<FieldErrors>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const ids = useId()
  const formRef = useRef<HTMLFormElement>(null)
  const [errorRound, setErrorRound] = useState(0)

  // After a rejected save, take the user to the first field that needs fixing.
  useEffect(() => {
    if (errorRound === 0) return
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')
    first?.focus({ preventScroll: true })
    first?.scrollIntoView?.({ block: "center" })
  }, [errorRound])

  const set = <K extends FieldName>(field: K, value: ClientFormValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }))
    setErrors((e) => ({ ...e, [field]: undefined }))
  }

  const blur = (field: FieldName) => {
    if (field !== "oib") return
    const oib = values.oib.trim()
    setErrors((e) => ({ ...e, oib: oib === "" ? undefined : (oibError(oib) ?? undefined) }))
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    setFailure(null)
    const built = buildClientInput(
      values,
      locale,
      client ? { id: client.id, context: client.context } : undefined,
    )
    if (!built.ok) {
      setErrors(built.errors)
      setErrorRound((n) => n + 1)
      setFailure(t("validation.fixErrors"))
      return
    }
    setSaving(true)
    try {
      const saved = await clients.save(built.input)
      onSaved(saved)
    } catch (e) {
      setErrors(serverFieldErrors(e))
      setErrorRound((n) => n + 1)
      setFailure(t("common.failed", { message: e instanceof Error ? e.message : String(e) }))
    } finally {
      setSaving(false)
    }
  }

  return { values, errors, failure, saving, ids, formRef, set, blur, submit }
}

/** The host's validation issues, each next to the form field it is about. */
function serverFieldErrors(e: unknown): FieldErrors {
  const serverErrors: FieldErrors = {}
  if (e instanceof ApiError) {
    for (const issue of e.issues) {
      const field = fieldForPath(issue.path)
      if (field) serverErrors[field] = { text: issue.message }
    }
  }
  return serverErrors
}
