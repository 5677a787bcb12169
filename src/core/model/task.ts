// A multi-requirement task (the Interview protocol; DevAI format): a query, requirements
// with prerequisites forming a DAG, and preferences. No tests: an interviewer judges them.

export interface Requirement {
  id: number;
  prerequisites: number[];
  criteria: string;
  category: string;
}

export interface InterviewTask {
  id: string;
  title: string;
  query: string;
  requirements: Requirement[];
  preferences: string[];
  tags: string[];
  source: { name: string; url?: string };
}

/** Requirement ids in a cycle of prerequisites, or [] when they form a DAG. */
export function prerequisiteCycle(requirements: Requirement[]): number[] {
  const byId = new Map(requirements.map((r) => [r.id, r]));
  const state = new Map<number, 'open' | 'done'>();
  const stack: number[] = [];
  const visit = (id: number): number[] => {
    if (state.get(id) === 'done') return [];
    if (state.get(id) === 'open') return stack.slice(stack.indexOf(id));
    state.set(id, 'open');
    stack.push(id);
    for (const p of byId.get(id)?.prerequisites ?? []) {
      const cycle = visit(p);
      if (cycle.length) return cycle;
    }
    stack.pop();
    state.set(id, 'done');
    return [];
  };
  for (const r of requirements) {
    const cycle = visit(r.id);
    if (cycle.length) return cycle;
  }
  return [];
}
