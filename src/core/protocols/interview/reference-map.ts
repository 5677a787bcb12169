// Where a requirement lives in a reference solution: the references mark each requirement in a
// comment or docstring ("R3: …"), as the paper asks solutions to do. The rule-based interviewer
// points there, then quotes it, when a mistake persists.

export interface Place {
  file: string;
  /** The enclosing function, when there is one. */
  fn: string | null;
  /** The lines to quote (the function, or a few lines around the mark), at most `max`. */
  snippet: string;
}

const markOf = (id: number) => new RegExp(String.raw`\bR${id}\b`);

/** The first place the reference marks requirement `id`, preferring a function's own docstring or body over a call site. */
export function placeOf(reference: Readonly<Record<string, string>>, id: number, max = 12): Place | null {
  const mark = markOf(id);
  const candidates: { file: string; lines: string[]; at: number; inDef: boolean }[] = [];
  for (const [file, text] of Object.entries(reference)) {
    if (!file.endsWith('.py')) continue;
    const lines = text.split('\n');
    lines.forEach((l, i) => {
      if (!mark.test(l)) return;
      const def = defAbove(lines, i);
      candidates.push({ file, lines, at: i, inDef: def !== null && /"""|'''/.test(l) });
    });
  }
  const best = candidates.find((c) => c.inDef) ?? candidates[0];
  if (!best) return null;
  const def = defAbove(best.lines, best.at);
  if (def === null) return { file: best.file, fn: null, snippet: best.lines.slice(Math.max(0, best.at - 2), best.at + 3).join('\n') };
  const indent = best.lines[def]!.search(/\S/);
  let end = def + 1;
  while (end < best.lines.length && (!best.lines[end]!.trim() || best.lines[end]!.search(/\S/) > indent)) end++;
  const body = best.lines.slice(def, end).join('\n').trimEnd().split('\n');
  return { file: best.file, fn: /def\s+(\w+)/.exec(best.lines[def]!)![1]!, snippet: body.slice(0, max).join('\n') + (body.length > max ? '\n    ...' : '') };
}

/** The line of the `def` a line belongs to, or null when it is at module level. */
function defAbove(lines: readonly string[], at: number): number | null {
  if (/^\s*def\s+\w+/.test(lines[at]!)) return at;
  let own = lines[at]!.search(/\S/);
  for (let i = at - 1; i >= 0 && own > 0; i--) {
    const line = lines[i]!;
    if (!line.trim()) continue;
    const indent = line.search(/\S/);
    if (indent >= own) continue;
    if (/^\s*def\s+\w+/.test(line)) return i;
    own = indent; // an enclosing block (for, if, with, class …): keep looking above it
  }
  return null;
}
