import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react"
import { EntityType, ObrtSubtype, VatStatus } from "../../src-shared/context"
import type { Client } from "../../src-shared/traces"
import { ApiError } from "../api/client"
import { useI18n } from "../i18n/i18n-context"
import { useStores } from "../state/stores"
import {
  buildClientInput,
  EMPTY_FORM,
  fieldForPath,
  valuesFromClient,
  type FieldError,
  type FieldErrors,
  type FieldName,
} from "./client-form-model"
import { COUNTIES } from "./counties"

// Create or edit one client profile. Errors appear next to their field; the contract's schema
// decides what is valid, before anything is sent.

export function ClientForm({ client, onSaved }: { client: Client | null; onSaved: (saved: Client) => void }) {
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

  const set = <K extends FieldName>(field: K, value: (typeof values)[K]) => {
    setValues((v) => ({ ...v, [field]: value }))
    setErrors((e) => ({ ...e, [field]: undefined }))
  }
  const message = (error: FieldError | undefined) =>
    error ? ("key" in error ? t(error.key) : error.text) : null

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
      const serverErrors: FieldErrors = {}
      if (e instanceof ApiError) {
        for (const issue of e.issues) {
          const field = fieldForPath(issue.path)
          if (field) serverErrors[field] = { text: issue.message }
        }
      }
      setErrors(serverErrors)
      setErrorRound((n) => n + 1)
      setFailure(t("common.failed", { message: e instanceof Error ? e.message : String(e) }))
    } finally {
      setSaving(false)
    }
  }

  const field = (
    name: FieldName,
    label: string,
    control: (id: string, describedBy: string | undefined) => ReactNode,
  ) => {
    const id = `${ids}-${name}`
    const error = message(errors[name])
    return (
      <div className={`field${error ? " has-error" : ""}`}>
        <label htmlFor={id}>{label}</label>
        {control(id, error ? `${id}-error` : undefined)}
        {error && (
          <p className="field-error" id={`${id}-error`} data-testid={`client-error-${name}`}>
            {error}
          </p>
        )}
      </div>
    )
  }
  const text =
    (
      name: "name" | "oib" | "activityNkd" | "county" | "revenueYtd" | "revenuePriorYear",
      extra: object = {},
    ) =>
    (id: string, describedBy: string | undefined) => (
      <input
        id={id}
        value={values[name]}
        onChange={(e) => set(name, e.target.value)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={describedBy}
        data-testid={`client-${name}`}
        {...extra}
      />
    )
  const noEntity = values.entityType === ""

  return (
    <form
      className="client-form"
      ref={formRef}
      onSubmit={(e) => void submit(e)}
      noValidate
      data-testid="client-form"
    >
      <h2>{client ? t("clients.edit") : t("clients.new")}</h2>
      <fieldset>
        <legend>{t("clients.section.identity")}</legend>
        {field("name", t("clients.field.name"), text("name", { autoComplete: "organization" }))}
        {field("oib", t("clients.field.oib"), text("oib", { inputMode: "numeric", maxLength: 11 }))}
      </fieldset>
      <fieldset>
        <legend>{t("clients.section.entity")}</legend>
        {field("entityType", t("clients.field.entityType"), (id) => (
          <select
            id={id}
            value={values.entityType}
            onChange={(e) => set("entityType", EntityType.safeParse(e.target.value).data ?? "")}
            data-testid="client-entityType"
          >
            <option value="">{t("common.notSet")}</option>
            {EntityType.options.map((v) => (
              <option key={v} value={v}>
                {t(`entityType.${v}`)}
              </option>
            ))}
          </select>
        ))}
        {values.entityType === "OBRT" &&
          field("obrtSubtype", t("clients.field.obrtSubtype"), (id) => (
            <select
              id={id}
              value={values.obrtSubtype}
              onChange={(e) => set("obrtSubtype", ObrtSubtype.safeParse(e.target.value).data ?? "")}
              data-testid="client-obrtSubtype"
            >
              <option value="">{t("common.notSet")}</option>
              {ObrtSubtype.options.map((v) => (
                <option key={v} value={v}>
                  {t(`obrtSubtype.${v}`)}
                </option>
              ))}
            </select>
          ))}
        {field("vatStatus", t("clients.field.vat"), (id) => (
          <select
            id={id}
            value={values.vatStatus}
            disabled={noEntity}
            onChange={(e) => set("vatStatus", VatStatus.safeParse(e.target.value).data ?? "UNKNOWN")}
            data-testid="client-vatStatus"
          >
            {VatStatus.options.map((v) => (
              <option key={v} value={v}>
                {t(`vat.${v}`)}
              </option>
            ))}
          </select>
        ))}
        {field(
          "activityNkd",
          t("clients.field.nkd"),
          text("activityNkd", { disabled: noEntity, placeholder: noEntity ? undefined : "62.01" }),
        )}
        {field(
          "county",
          t("clients.field.county"),
          text("county", { disabled: noEntity, list: `${ids}-counties` }),
        )}
        <datalist id={`${ids}-counties`}>
          {COUNTIES.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        {noEntity && <p className="hint">{t("clients.entityFirst")}</p>}
      </fieldset>
      <fieldset>
        <legend>{t("clients.section.counters")}</legend>
        {field("revenueYtd", t("clients.field.revenueYtd"), text("revenueYtd", { inputMode: "decimal" }))}
        {field(
          "revenuePriorYear",
          t("clients.field.revenuePrior"),
          text("revenuePriorYear", { inputMode: "decimal" }),
        )}
      </fieldset>
      <div className="form-actions">
        <button type="submit" className="button-primary" disabled={saving} data-testid="client-save">
          {t("common.save")}
        </button>
        {failure && (
          <p className="field-error" role="alert" data-testid="client-form-error">
            {failure}
          </p>
        )}
      </div>
    </form>
  )
}
