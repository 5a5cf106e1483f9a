import { useId, useRef, useState, type DragEvent, type ReactNode } from "react"
import { useI18n } from "../../i18n/i18n-context"

// Where files are added: dropped anywhere on the zone (the screen around the list), or chosen with
// the file dialog button (<input type=file>, which the browser host and Electron both show).

export function DropZone({ onFiles, children }: { onFiles: (files: File[]) => void; children: ReactNode }) {
  const { t } = useI18n()
  const [over, setOver] = useState(false)
  const inputRef = useRef<HTMLInputElement>(null)
  const inputId = useId()

  function hasFiles(event: DragEvent) {
    return Array.from(event.dataTransfer.types).includes("Files")
  }
  function onDragOver(event: DragEvent) {
    if (!hasFiles(event)) return
    event.preventDefault()
    event.dataTransfer.dropEffect = "copy"
    setOver(true)
  }
  function onDrop(event: DragEvent) {
    if (!hasFiles(event)) return
    event.preventDefault()
    setOver(false)
    onFiles(Array.from(event.dataTransfer.files))
  }

  return (
    <div
      className={over ? "drop-zone is-over" : "drop-zone"}
      onDragOver={onDragOver}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-testid="documents-drop"
    >
      <p className="drop-zone-prompt">
        {over ? (
          t("documents.dropActive")
        ) : (
          <>
            {t("documents.drop")}{" "}
            <button type="button" className="button-link" onClick={() => inputRef.current?.click()} data-testid="documents-choose">
              {t("documents.choose")}
            </button>
          </>
        )}
      </p>
      <label htmlFor={inputId} className="sr-only">
        {t("documents.choose")}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        multiple
        className="sr-only"
        accept=".pdf,.xml,.csv,.txt,application/pdf,text/xml,application/xml,text/csv,text/plain"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? [])
          event.target.value = ""
          if (files.length > 0) onFiles(files)
        }}
        data-testid="documents-file-input"
      />
      {children}
    </div>
  )
}
