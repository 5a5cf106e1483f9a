import type { ReactNode } from "react"
import { EntityType, ObrtSubtype, VatStatus } from "../../../src-shared/context"
import type { Client } from "../../../src-shared/traces"
import { useI18n } from "../../i18n/i18n-context"
import type { FieldName } from "./client-form-model"
import { COUNTIES } from "./counties"
import { useClientForm, type ClientFormState } from "./use-client-form"

// Create or edit one client profile. Errors appear next to their field; the contract's schema
// decides what is valid, before anything is sent.

export function ClientForm({ client, onSaved }: { client: Client | null; onSaved: (saved: Client) => void }) {
  const { t } = useI18n()
  const form = useClientForm(client, onSaved)
  return (
    <form
      className="client-form"
      ref={form.formRef}
      onSubmit={(e) => void form.submit(e)}
      noValidate
      data-testid="client-form"
    >
      <h2>{client ? t("clients.edit") : t("clients.new")}</h2>
      <IdentityFields form={form} />
      <EntityFields form={form} />
      <CounterFields form={form} />
      <div className="form-actions">
        <button type="submit" className="button-primary" disabled={form.saving} data-testid="client-save">
          {t("common.save")}
        </button>
        {form.failure && (
          <p className="field-error" role="alert" data-testid="client-form-error">
            {form.failure}
          </p>
        )}
      </div>
    </form>
  )
}

function IdentityFields({ form }: { form: ClientFormState }) {
  const { t } = useI18n()
  return (
    <fieldset>
      <legend>{t("clients.section.identity")}</legend>
      <Field form={form} name="name" label={t("clients.field.name")}>
        {textInput(form, "name", { autoComplete: "organization" })}
      </Field>
      <Field form={form} name="oib" label={t("clients.field.oib")}>
        {textInput(form, "oib", { inputMode: "numeric", maxLength: 11 })}
      </Field>
    </fieldset>
  )
}

/** The entity: its type (and an obrt's subtype), VAT status, activity and county. */
function EntityFields({ form }: { form: ClientFormState }) {
  const { t } = useI18n()
  const { values, set, ids } = form
  const noEntity = values.entityType === ""
  return (
    <fieldset>
      <legend>{t("clients.section.entity")}</legend>
      <Field form={form} name="entityType" label={t("clients.field.entityType")}>
        {(id) => (
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
        )}
      </Field>
      {values.entityType === "OBRT" && <ObrtSubtypeField form={form} />}
      <VatStatusField form={form} disabled={noEntity} />
      <Field form={form} name="activityNkd" label={t("clients.field.nkd")}>
        {textInput(form, "activityNkd", { disabled: noEntity, placeholder: noEntity ? undefined : "62.01" })}
      </Field>
      <Field form={form} name="county" label={t("clients.field.county")}>
        {textInput(form, "county", { disabled: noEntity, list: `${ids}-counties` })}
      </Field>
      <datalist id={`${ids}-counties`}>
        {COUNTIES.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      {noEntity && <p className="hint">{t("clients.entityFirst")}</p>}
    </fieldset>
  )
}

function ObrtSubtypeField({ form }: { form: ClientFormState }) {
  const { t } = useI18n()
  return (
    <Field form={form} name="obrtSubtype" label={t("clients.field.obrtSubtype")}>
      {(id) => (
        <select
          id={id}
          value={form.values.obrtSubtype}
          onChange={(e) => form.set("obrtSubtype", ObrtSubtype.safeParse(e.target.value).data ?? "")}
          data-testid="client-obrtSubtype"
        >
          <option value="">{t("common.notSet")}</option>
          {ObrtSubtype.options.map((v) => (
            <option key={v} value={v}>
              {t(`obrtSubtype.${v}`)}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
}

function VatStatusField({ form, disabled }: { form: ClientFormState; disabled: boolean }) {
  const { t } = useI18n()
  return (
    <Field form={form} name="vatStatus" label={t("clients.field.vat")}>
      {(id) => (
        <select
          id={id}
          value={form.values.vatStatus}
          disabled={disabled}
          onChange={(e) => form.set("vatStatus", VatStatus.safeParse(e.target.value).data ?? "UNKNOWN")}
          data-testid="client-vatStatus"
        >
          {VatStatus.options.map((v) => (
            <option key={v} value={v}>
              {t(`vat.${v}`)}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
}

function CounterFields({ form }: { form: ClientFormState }) {
  const { t } = useI18n()
  return (
    <fieldset>
      <legend>{t("clients.section.counters")}</legend>
      <Field form={form} name="revenueYtd" label={t("clients.field.revenueYtd")}>
        {textInput(form, "revenueYtd", { inputMode: "decimal" })}
      </Field>
      <Field form={form} name="revenuePriorYear" label={t("clients.field.revenuePrior")}>
        {textInput(form, "revenuePriorYear", { inputMode: "decimal" })}
      </Field>
    </fieldset>
  )
}

type Control = (id: string, describedBy: string | undefined) => ReactNode

/** A labelled field with its error under it; the control gets its id and the error's id. */
function Field({
  form,
  name,
  label,
  children,
}: {
  form: ClientFormState
  name: FieldName
  label: string
  children: Control
}) {
  const { t } = useI18n()
  const id = `${form.ids}-${name}`
  const fieldError = form.errors[name]
  const error = fieldError ? ("key" in fieldError ? t(fieldError.key) : fieldError.text) : null
  return (
    <div className={`field${error ? " has-error" : ""}`}>
      <label htmlFor={id}>{label}</label>
      {children(id, error ? `${id}-error` : undefined)}
      {error && (
        <p className="field-error" id={`${id}-error`} data-testid={`client-error-${name}`}>
          {error}
        </p>
      )}
    </div>
  )
}

type TextFieldName = "name" | "oib" | "activityNkd" | "county" | "revenueYtd" | "revenuePriorYear"

/** A text input bound to one of the form's string values. */
function textInput(form: ClientFormState, name: TextFieldName, extra: object = {}): Control {
  return (id, describedBy) => (
    <input
      id={id}
      value={form.values[name]}
      onChange={(e) => form.set(name, e.target.value)}
      onBlur={() => form.blur(name)}
      aria-invalid={form.errors[name] ? true : undefined}
      aria-describedby={describedBy}
      data-testid={`client-${name}`}
      {...extra}
    />
  )
}
