// The code editors on screen, by their host element, so the page API can read an editor's
// whole text without loading the editor library itself.
const editors = new Map<Element, () => string>();

/** Register an editor's host; the returned function unregisters it. */
export function registerEditor(host: Element, text: () => string): () => void {
  editors.set(host, text);
  return () => editors.delete(host);
}

/** The whole text of the first editor in document order, or null when none is open. */
export function firstEditorText(): string | null {
  for (const host of document.querySelectorAll('[data-code-editor]')) {
    const text = editors.get(host);
    if (text) return text();
  }
  return null;
}
