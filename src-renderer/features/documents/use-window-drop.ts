import { useEffect, useRef, useState } from "react"

// Files dropped anywhere in the window while a screen that takes them is shown (the Ask screen):
// the drop is taken here, so the browser never opens the file in place of the app (which would
// lose what was typed). Returns whether files are being dragged over the window now.

function carriesFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes("Files")
}

export function useWindowDrop(onFiles: (files: File[]) => void): boolean {
  const [over, setOver] = useState(false)
  const latest = useRef(onFiles)
  latest.current = onFiles

  useEffect(() => {
    function onDragOver(event: DragEvent) {
      if (!carriesFiles(event)) return
      event.preventDefault()
      if (event.dataTransfer) event.dataTransfer.dropEffect = "copy"
      setOver(true)
    }
    function onDragLeave(event: DragEvent) {
      // Leaving the window (no element to go to), not moving between elements inside it.
      if (event.relatedTarget === null) setOver(false)
    }
    function onDrop(event: DragEvent) {
      if (!carriesFiles(event)) return
      event.preventDefault()
      setOver(false)
      const files = Array.from(event.dataTransfer?.files ?? [])
      if (files.length > 0) latest.current(files)
    }
    window.addEventListener("dragover", onDragOver)
    window.addEventListener("dragleave", onDragLeave)
    window.addEventListener("drop", onDrop)
    return () => {
      window.removeEventListener("dragover", onDragOver)
      window.removeEventListener("dragleave", onDragLeave)
      window.removeEventListener("drop", onDrop)
    }
  }, [])
  return over
}
