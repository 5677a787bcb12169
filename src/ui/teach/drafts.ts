// A person's unsubmitted work in a session (a program, a hint, a project's files as JSON), kept in
// localStorage per session so a reload loses nothing.

const keyOf = (runId: string) => `hintbench.teach.draft.${runId}`;

export function loadDraft(runId: string): string | null {
  try {
    return localStorage.getItem(keyOf(runId));
  } catch {
    return null;
  }
}

export function saveDraft(runId: string, code: string): void {
  try {
    localStorage.setItem(keyOf(runId), code);
  } catch {
    // storage full or blocked: the draft lives only in the editor
  }
}

export function clearDraft(runId: string): void {
  try {
    localStorage.removeItem(keyOf(runId));
  } catch {
    // nothing to clear
  }
}
