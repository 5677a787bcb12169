// The judge, after Agent-as-a-Judge: the solution is split into chunks (parts of its files, what
// each script line printed, the files it produced), the chunks most relevant to a requirement are
// retrieved — by the provider's embeddings when the run has an embeddings model, by BM25
// otherwise — and a model says SATISFIED or UNSATISFIED with a justification, told how the
// requirement's prerequisites were judged. Requirements are judged prerequisites first.
import type { InterviewTask, Requirement } from '../../model/task.ts';
import { Bm25, cosine, topK } from '../../text/bm25.ts';
import { fill } from '../contract.ts';
import { topologicalOrder } from './dag.ts';
import type { Execution } from './execution.ts';

export interface Chunk {
  /** Where it comes from, e.g. "src/model.py lines 12–40", "output of python src/main.py". */
  title: string;
  text: string;
}

export type Retrieval = 'embeddings' | 'bm25';

export interface Verdict {
  requirement: number;
  /** null when the reply held no verdict (then it counts as not satisfied). */
  satisfied: boolean | null;
  justification: string;
  /** Titles of the chunks the judge saw. */
  evidence: string[];
}

const CHUNK_LINES = 40;
const CHUNK_CHARS = 3000;
const TOP_LEVEL = /^(def|class|async def|if __name__)\b/;

/** A file in pieces: Python at its top-level definitions, anything else in windows; each at most CHUNK_LINES lines. */
function fileChunks(path: string, text: string): Chunk[] {
  const lines = text.split('\n');
  const starts = [0];
  if (path.endsWith('.py')) lines.forEach((l, i) => i > 0 && TOP_LEVEL.test(l) && starts.push(i));
  const out: Chunk[] = [];
  starts.forEach((from, k) => {
    const to = k + 1 < starts.length ? starts[k + 1]! : lines.length;
    for (let a = from; a < to; a += CHUNK_LINES) {
      const b = Math.min(to, a + CHUNK_LINES);
      const body = lines.slice(a, b).join('\n');
      if (body.trim()) out.push({ title: `${path} lines ${a + 1}–${b}`, text: body.slice(0, CHUNK_CHARS) });
    }
  });
  return out;
}

/** The solution in chunks: its files, each script line's output, and the files the run produced. */
export function chunksOf(files: Readonly<Record<string, string>>, execution: Execution | null): Chunk[] {
  const out = Object.entries(files).flatMap(([path, text]) => fileChunks(path, text));
  for (const l of execution?.lines ?? []) {
    const error = l.error ? `\n${l.error.type}: ${l.error.message}` : '';
    out.push({ title: `output of ${l.text}`, text: `$ ${l.text} (${l.status})\n${l.stdout}${l.stderr}${error}`.slice(0, CHUNK_CHARS) });
  }
  if (execution?.produced.length) {
    out.push({
      title: 'files produced by the run',
      text: execution.produced
        .map((f) => `${f.path} (${f.size} bytes)${f.text !== undefined ? `:\n${f.text.slice(0, 600)}` : ''}`)
        .join('\n')
        .slice(0, CHUNK_CHARS),
    });
  }
  if (execution?.notRun) out.push({ title: 'the run', text: `Nothing was run: ${execution.notRun}` });
  return out;
}

/** What a requirement is searched by: its criteria and category. */
export const requirementQuery = (r: Requirement) => `${r.criteria} ${r.category}`;

/** For each requirement (in the order given), the indices of its k most relevant chunks, by BM25. */
export function rankLexically(requirements: readonly Requirement[], chunks: readonly Chunk[], k: number): number[][] {
  const bm25 = new Bm25(chunks.map((c) => `${c.title}\n${c.text}`));
  return requirements.map((r) => topK(bm25.scores(requirementQuery(r)), k));
}

/** The same by embeddings: vectors of the requirements first, then of the chunks. */
export function rankByEmbeddings(requirements: readonly Requirement[], vectors: readonly number[][], k: number): number[][] {
  const chunkVectors = vectors.slice(requirements.length);
  return requirements.map((_, i) =>
    topK(
      chunkVectors.map((v) => cosine(vectors[i]!, v)),
      k,
    ),
  );
}

/** The verdict in a judge's reply: <UNSATISFIED> (or the bare word) wins over <SATISFIED>; null when neither appears. */
export function parseVerdict(reply: string): boolean | null {
  if (/<\s*UNSATISFIED\s*>|\bUNSATISFIED\b/i.test(reply)) return false;
  if (/<\s*SATISFIED\s*>|\bSATISFIED\b/i.test(reply)) return true;
  return null;
}

const verdictWord = (v: boolean | null | undefined) => (v === true ? 'SATISFIED' : v === false ? 'UNSATISFIED' : 'not judged');

/** The judge's messages for one requirement. */
export function judgeMessages(
  templates: Record<string, string>,
  task: InterviewTask,
  r: Requirement,
  evidence: readonly Chunk[],
  earlier: ReadonlyMap<number, boolean | null>,
) {
  const byId = new Map(task.requirements.map((q) => [q.id, q]));
  const prerequisites = r.prerequisites.length
    ? r.prerequisites.map((p) => `- R${p} (${byId.get(p)?.criteria ?? '?'}): ${verdictWord(earlier.get(p))}`).join('\n')
    : '(none)';
  return [
    { role: 'system' as const, content: fill(templates.judge_system ?? '', {}) },
    {
      role: 'user' as const,
      content: fill(templates.judge_user ?? '', {
        evidence: evidence.map((c) => `[${c.title}]\n${c.text}`).join('\n\n'),
        prerequisites,
        criteria: `R${r.id} (${r.category}): ${r.criteria}`,
      }),
    },
  ];
}

/** The requirements in the order the judge takes them: prerequisites first. */
export const judgingOrder = (task: InterviewTask) => {
  const byId = new Map(task.requirements.map((r) => [r.id, r]));
  return topologicalOrder(task.requirements).map((id) => byId.get(id)!);
};
