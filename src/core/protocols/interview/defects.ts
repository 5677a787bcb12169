// A task's defects (one realistic way to miss each requirement, as edits of the reference):
// applied to make a simulated interviewee's draft, undone by its fixes, and read back from a
// project to know which ones it still has. The dataset check proves each defect fails its
// requirement's check, so a check that cannot fail is caught.
import type { Defect, FileEdit } from '../../model/task.ts';

export type Files = Readonly<Record<string, string>>;

const count = (text: string, part: string) => (part ? text.split(part).length - 1 : 0);

/** Apply edits in order; an edit whose text is not found exactly once is an error that says which. */
export function applyEdits(files: Files, edits: readonly FileEdit[]): Record<string, string> {
  const out = { ...files };
  for (const e of edits) {
    const text = out[e.file];
    if (text === undefined) throw new Error(`no file ${e.file} to edit`);
    const n = count(text, e.find);
    if (n !== 1) throw new Error(`${e.file}: the text to replace occurs ${n} times, not once: ${JSON.stringify(e.find.slice(0, 60))}`);
    out[e.file] = text.replace(e.find, () => e.replace);
  }
  return out;
}

/** The edits that undo a defect (each replacement turned back into the original text). */
export const undoEdits = (defect: Defect): FileEdit[] => [...defect.edits].reverse().map((e) => ({ file: e.file, find: e.replace, replace: e.find }));

/** Whether a project still has a defect: every edit's replacement is there, and its original text is not. */
export function hasDefect(files: Files, defect: Defect): boolean {
  return defect.edits.every((e) => {
    const text = files[e.file];
    return text !== undefined && (e.replace === '' ? !text.includes(e.find) : text.includes(e.replace) && !text.includes(e.find));
  });
}
