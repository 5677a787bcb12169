// The built-in Interview tasks, run in Pyodide (Node) through the sandbox's own harness: each
// reference passes 100% of its task's checks, each requirement's defect fails that requirement's
// check (no check that cannot fail), and datasets/interview.jsonl is what the sources build.
import { beforeAll, describe, expect, it } from 'vitest';
import { runWorkspace } from '../../src/core/exec/workspace.ts';
import { TrustedNodeExecutor } from '../../workers/node-executor.ts';
import { CATEGORIES, readBuiltTasks, readTask, taskIds } from './interview-source.ts';
import { verifyTask, type TaskReport } from './interview-verify.ts';

const ids = taskIds();
const built = readBuiltTasks();

describe('the built-in Interview tasks', () => {
  const reports = new Map<string, TaskReport>();
  beforeAll(async () => {
    const executor = new TrustedNodeExecutor(256);
    for (const task of built) reports.set(task.id, await verifyTask(task, (files, steps, limit) => runWorkspace(executor, files, steps, limit)));
  }, 300_000);

  it('are at least twelve, built from their sources exactly', () => {
    expect(ids.length).toBeGreaterThanOrEqual(12);
    expect(built.map((t) => t.id)).toEqual(ids);
    for (const id of ids) expect(JSON.stringify(readTask(id))).toBe(JSON.stringify(built.find((t) => t.id === id)));
  });

  it('have 4–8 requirements each, in DevAI’s categories, every one with a check and a defect, a multi-file reference and data', () => {
    for (const t of built) {
      expect(t.requirements.length).toBeGreaterThanOrEqual(4);
      expect(t.requirements.length).toBeLessThanOrEqual(8);
      expect(t.requirements.every((r) => (CATEGORIES as readonly string[]).includes(r.category) && r.check && r.defect)).toBe(true);
      expect(Object.keys(t.reference!).filter((p) => p.endsWith('.py')).length).toBeGreaterThanOrEqual(3);
      expect(Object.keys(t.files!).length).toBeGreaterThanOrEqual(1);
    }
    const used = new Set(built.flatMap((t) => t.requirements.map((r) => r.category)));
    expect(used.size).toBeGreaterThanOrEqual(6);
  });

  it('every reference runs cleanly and passes 100% of its checks', () => {
    for (const t of built) {
      const r = reports.get(t.id)!;
      expect([t.id, r.reference.filter((c) => c.passed).length, r.problems.filter((p) => p.startsWith('the reference'))]).toEqual([
        t.id,
        t.requirements.length,
        [],
      ]);
    }
  });

  it('every requirement’s defect fails that requirement’s check', () => {
    for (const t of built) {
      const r = reports.get(t.id)!;
      expect(r.defects.map((d) => d.failing.includes(d.requirement))).toEqual(t.requirements.map(() => true));
      expect(r.problems).toEqual([]);
    }
  });
});
