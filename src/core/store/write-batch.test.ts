import { describe, expect, it } from 'vitest';
import type { ItemHead, Manifest, Step } from '../model/runlog.ts';
import type { RunRecord } from './runs.ts';
import { WriteBatch, type Batch } from './write-batch.ts';

/** A clock the test turns by hand. */
function manualTimers() {
  const due: { f: () => void; at: number; id: number }[] = [];
  let now = 0;
  let next = 0;
  return {
    schedule: (f: () => void, ms: number) => {
      due.push({ f, at: now + ms, id: ++next });
      return next;
    },
    cancel: (id: unknown) => {
      const at = due.findIndex((d) => d.id === id);
      if (at >= 0) due.splice(at, 1);
    },
    advance(ms: number) {
      now += ms;
      for (const d of due.filter((x) => x.at <= now)) {
        due.splice(due.indexOf(d), 1);
        d.f();
      }
    },
    get scheduled() {
      return due.length;
    },
  };
}

const head = (key: string, status: ItemHead['status'] = 'queued'): ItemHead => ({ key, modelId: 'm', instanceId: key, status }) as ItemHead;
const step = (index: number): Step => ({ index, startedAt: '2026-01-01T00:00:00Z', durationMs: 1, calls: [] });
const run = (runId: string, items: ItemHead[]): RunRecord =>
  ({ manifest: { runId } as Manifest, status: 'running', items, updatedAt: '2026-01-01T00:00:00Z' }) as RunRecord;

function setup() {
  const timers = manualTimers();
  const flushed: Batch[] = [];
  const batch = new WriteBatch(
    async (b) => {
      flushed.push(b);
    },
    { delayMs: 100, schedule: timers.schedule, cancel: timers.cancel },
  );
  return { timers, flushed, batch };
}

describe('WriteBatch', () => {
  it('gathers steps of many items and runs into one flush, on the timer', async () => {
    const { timers, flushed, batch } = setup();
    batch.putSteps('r1', [{ itemKey: 'a', step: step(0) }]);
    batch.putSteps('r1', [{ itemKey: 'b', step: step(0) }]);
    batch.putSteps('r2', [{ itemKey: 'a', step: step(0) }]);
    batch.putSteps('r1', [{ itemKey: 'a', step: step(1) }]);
    expect(timers.scheduled).toBe(1);
    timers.advance(99);
    expect(flushed).toHaveLength(0);
    timers.advance(1);
    await batch.flush();
    expect(flushed).toHaveLength(1);
    expect([...flushed[0]!.steps.get('r1')!].map((s) => `${s.itemKey}${s.step.index}`)).toEqual(['a0', 'b0', 'a1']);
    expect(flushed[0]!.steps.get('r2')).toHaveLength(1);
    expect(batch.pending).toBe(0);
  });

  it('keeps only the latest write of an item, and writes a run record without its items', async () => {
    const { flushed, batch } = setup();
    batch.putRun(run('r1', [head('a'), head('b')]));
    batch.putItem('r1', 1, head('b', 'running'));
    batch.putItem('r1', 1, head('b', 'done'));
    expect(batch.pending).toBe(3); // the record and its two items
    await batch.flush();
    const [b] = flushed;
    expect(b!.runs.get('r1')).not.toHaveProperty('items');
    expect([...b!.items.values()].map((i) => [i.order, i.head.key, i.head.status])).toEqual([
      [0, 'a', 'queued'],
      [1, 'b', 'done'],
    ]);
  });

  it('an item write holds that item only, never the run', async () => {
    const { flushed, batch } = setup();
    batch.putItem('r1', 7, head('x', 'done'));
    await batch.flush();
    expect(flushed[0]!.runs.size).toBe(0);
    expect(flushed[0]!.items.size).toBe(1);
  });

  it('copies what it is given: later changes by the caller do not leak into the batch', async () => {
    const { flushed, batch } = setup();
    const item = head('a');
    batch.putItem('r1', 0, item);
    item.status = 'done';
    await batch.flush();
    expect([...flushed[0]!.items.values()][0]!.head.status).toBe('queued');
  });

  it('a flush when asked cancels the timer; an empty flush writes nothing', async () => {
    const { timers, flushed, batch } = setup();
    await batch.flush();
    expect(flushed).toHaveLength(0);
    batch.putSteps('r1', [{ itemKey: 'a', step: step(0) }]);
    await batch.flush();
    expect(flushed).toHaveLength(1);
    expect(timers.scheduled).toBe(0);
  });

  it('flushes one after another, in order, even when the sink is slow', async () => {
    const order: string[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const batch = new WriteBatch(
      async (b) => {
        const keys = [...b.steps.values()].flat().map((s) => s.itemKey);
        if (keys.includes('first')) await gate;
        order.push(...keys);
      },
      { delayMs: 100, schedule: () => 0, cancel: () => undefined },
    );
    batch.putSteps('r', [{ itemKey: 'first', step: step(0) }]);
    const one = batch.flush();
    batch.putSteps('r', [{ itemKey: 'second', step: step(0) }]);
    const two = batch.flush();
    release();
    await Promise.all([one, two]);
    expect(order).toEqual(['first', 'second']);
  });

  it('a failed flush is reported by the next flush (from the timer too), then cleared', async () => {
    const timers = manualTimers();
    let fail = true;
    const batch = new WriteBatch(
      async () => {
        if (fail) throw new Error('disk full');
      },
      { delayMs: 10, schedule: timers.schedule, cancel: timers.cancel },
    );
    batch.putSteps('r', [{ itemKey: 'a', step: step(0) }]);
    timers.advance(10);
    await expect(batch.flush()).rejects.toThrow('disk full');
    fail = false;
    batch.putSteps('r', [{ itemKey: 'a', step: step(1) }]);
    await expect(batch.flush()).resolves.toBeUndefined();
  });

  it('forgets a deleted run’s writes', async () => {
    const { flushed, batch } = setup();
    batch.putRun(run('gone', [head('a')]));
    batch.putSteps('gone', [{ itemKey: 'a', step: step(0) }]);
    batch.putItem('kept', 0, head('b'));
    batch.forget('gone');
    await batch.flush();
    expect(flushed[0]!.runs.size).toBe(0);
    expect(flushed[0]!.steps.size).toBe(0);
    expect([...flushed[0]!.items.values()].map((i) => i.runId)).toEqual(['kept']);
  });
});
