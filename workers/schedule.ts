// Which waiting job runs next (docs/execution.md, "Fairness"). Interactive work (the Home
// sandbox, Teach) goes first, in arrival order. Batch work takes turns: the owner (a run)
// served longest ago goes next, and within an owner the job served longest ago. A job runs in
// parts of about a second, and goes to the back of its owner's line after each, so a slow
// program never holds another run's, or another item's, work for more than one part.

export type Priority = 'interactive' | 'batch';

export interface Turn {
  owner: string;
  priority: Priority;
}

export class FairQueue<T extends Turn> {
  private readonly waiting: { item: T; at: number }[] = [];
  private readonly ownerServed = new Map<string, number>();
  private clock = 0;

  get size(): number {
    return this.waiting.length;
  }

  /** Queue a job (again, after one of its parts ran: it then waits behind its owner's others). */
  push(item: T): void {
    this.waiting.push({ item, at: ++this.clock });
  }

  remove(item: T): boolean {
    const i = this.waiting.findIndex((w) => w.item === item);
    if (i >= 0) this.waiting.splice(i, 1);
    return i >= 0;
  }

  has(item: T): boolean {
    return this.waiting.some((w) => w.item === item);
  }

  /** Take the next job to run; batch jobs only when `batch` allows one more. */
  take(batch: boolean): T | undefined {
    let best: { item: T; at: number } | undefined;
    for (const w of this.waiting) {
      if (w.item.priority === 'interactive') {
        if (!best || best.item.priority !== 'interactive' || w.at < best.at) best = w;
      } else if (batch && best?.item.priority !== 'interactive') {
        if (!best || this.before(w, best)) best = w;
      }
    }
    if (!best) return undefined;
    this.remove(best.item);
    this.ownerServed.set(best.item.owner, ++this.clock);
    return best.item;
  }

  private before(a: { item: T; at: number }, b: { item: T; at: number }): boolean {
    const sa = this.ownerServed.get(a.item.owner) ?? 0;
    const sb = this.ownerServed.get(b.item.owner) ?? 0;
    return sa !== sb ? sa < sb : a.at < b.at;
  }
}
