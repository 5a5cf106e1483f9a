import { DecimalText, type SourcedDecimal, type SourcedText } from "./model"

export { oibFromVatId } from "./model"
import { attributeOf, descend, textOf, type XmlElement } from "./xml-tree"

// Reads single values out of the tree as sourced fields. A value that is present but not what it
// should be (an amount written "12,50") is not silently dropped: it is kept in `unreadable`, so the
// audit can say which field could not be read.

export class FieldReader {
  readonly unreadable: SourcedText[] = []

  /** The text at `steps` below `from` (first occurrences), or undefined when absent or empty. */
  text(from: XmlElement | undefined, steps: string, bt?: string): SourcedText | undefined {
    const element = from === undefined ? undefined : descend(from, steps)
    if (element === undefined) return undefined
    const value = textOf(element).trim()
    return value === "" ? undefined : sourced(element.path, value, bt)
  }

  /** An attribute of the element at `steps`, its path written "…/cbc:InvoicedQuantity/@unitCode". */
  attribute(from: XmlElement | undefined, steps: string, name: string, bt?: string): SourcedText | undefined {
    const element = from === undefined ? undefined : descend(from, steps)
    const value = element === undefined ? undefined : attributeOf(element, name)?.trim()
    if (element === undefined || value === undefined || value === "") return undefined
    return sourced(`${element.path}/@${name}`, value, bt)
  }

  decimal(from: XmlElement | undefined, steps: string, bt?: string): SourcedDecimal | undefined {
    const field = this.text(from, steps, bt)
    if (field === undefined) return undefined
    if (DecimalText.safeParse(field.value).success) return field
    this.unreadable.push(field)
    return undefined
  }

  /** A date written YYYY-MM-DD (UBL) or, with `compact`, YYYYMMDD (CII format 102), as YYYY-MM-DD. */
  date(from: XmlElement | undefined, steps: string, bt: string, compact = false): SourcedText | undefined {
    const field = this.text(from, steps, bt)
    if (field === undefined) return undefined
    const match = (compact ? /^(\d{4})(\d{2})(\d{2})$/ : /^(\d{4})-(\d{2})-(\d{2})$/).exec(field.value)
    if (match) return { ...field, value: `${match[1]}-${match[2]}-${match[3]}` }
    this.unreadable.push(field)
    return undefined
  }
}

function sourced(path: string, value: string, bt: string | undefined): SourcedText {
  return bt === undefined ? { path, value } : { path, bt, value }
}
