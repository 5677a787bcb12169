// A task's requirement graph: an edge prerequisite → dependent means the dependent can only be
// addressed once the prerequisite is met. Its order (prerequisites first), each requirement's
// ancestors, and its layers for drawing.
import type { Requirement } from '../../model/task.ts';

/** Requirement ids with every prerequisite before its dependents (ties in id order); the graph must be a DAG. */
export function topologicalOrder(requirements: readonly Requirement[]): number[] {
  const byId = new Map(requirements.map((r) => [r.id, r]));
  const done = new Set<number>();
  const out: number[] = [];
  const visit = (id: number) => {
    if (done.has(id)) return;
    done.add(id);
    for (const p of [...(byId.get(id)?.prerequisites ?? [])].sort((a, b) => a - b)) visit(p);
    out.push(id);
  };
  for (const r of [...requirements].sort((a, b) => a.id - b.id)) visit(r.id);
  return out;
}

/** Every requirement a requirement depends on, directly or not. */
export function ancestors(requirements: readonly Requirement[], id: number): Set<number> {
  const byId = new Map(requirements.map((r) => [r.id, r]));
  const out = new Set<number>();
  const stack = [...(byId.get(id)?.prerequisites ?? [])];
  while (stack.length) {
    const p = stack.pop()!;
    if (out.has(p)) continue;
    out.add(p);
    stack.push(...(byId.get(p)?.prerequisites ?? []));
  }
  return out;
}

/** Each requirement's depth: 0 without prerequisites, else one more than its deepest prerequisite. */
export function depths(requirements: readonly Requirement[]): Map<number, number> {
  const byId = new Map(requirements.map((r) => [r.id, r]));
  const depth = new Map<number, number>();
  for (const id of topologicalOrder(requirements)) {
    const pre = byId.get(id)?.prerequisites ?? [];
    depth.set(id, pre.length ? 1 + Math.max(...pre.map((p) => depth.get(p) ?? 0)) : 0);
  }
  return depth;
}
