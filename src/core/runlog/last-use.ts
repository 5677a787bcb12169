// When each part of a version-3 log is last needed, so that a reader keeps a part only as long as
// some later item refers to it (the command line, which reads a large log a record at a time):
// a first pass over the compact items (checked, texts not built) notes, per part, the last item
// that brings it, refers to it, or refers to a text made of it; the reading pass then lets each
// part go once that item is read.
import { stepRefs } from './compact.ts';
import type { PartReader } from './parts.ts';
import type { CompactEntry } from './read.ts';

export class LastUse {
  private last = new Int32Array(1 << 12);
  private parts = 0;
  private items = 0;
  private readonly lists = new Map<number, readonly number[]>();
  /** After `plan`: the parts to let go after each item, grouped by item. */
  private starts: Int32Array | null = null;
  private order: Int32Array | null = null;

  private mark(n: number, item: number): void {
    if (n >= this.last.length) {
      const grown = new Int32Array(Math.max(n + 1, this.last.length * 2));
      grown.set(this.last);
      this.last = grown;
    }
    this.last[n] = item;
    for (const p of this.lists.get(n) ?? []) this.last[p] = item;
  }

  /** The first pass: the next item, as written. */
  add(entry: CompactEntry): void {
    const item = this.items++;
    const from = entry.parts?.from ?? 0;
    for (const [i, part] of (entry.parts?.list ?? []).entries()) {
      if (Array.isArray(part)) this.lists.set(from + i, part);
      this.mark(from + i, item);
      this.parts = Math.max(this.parts, from + i + 1);
    }
    for (const step of entry.steps) for (const n of stepRefs(step)) this.mark(n, item);
    const start = entry.head.start?.code;
    if (typeof start === 'number') this.mark(start, item);
  }

  /** Ends the first pass: the parts grouped by the item after which they go. */
  plan(): this {
    const starts = new Int32Array(this.items + 1);
    for (let n = 0; n < this.parts; n++) starts[this.last[n]! + 1]!++;
    for (let i = 0; i < this.items; i++) starts[i + 1]! += starts[i]!;
    const order = new Int32Array(this.parts);
    const next = starts.slice(0, this.items);
    for (let n = 0; n < this.parts; n++) order[next[this.last[n]!]!++] = n;
    this.starts = starts;
    this.order = order;
    this.lists.clear();
    this.last = new Int32Array(0);
    return this;
  }

  /** The reading pass: item number `item` (0-based) is read; let go of the parts no later item needs. */
  release(parts: PartReader, item: number): void {
    if (!this.starts || !this.order || item >= this.items) return;
    for (let k = this.starts[item]!; k < this.starts[item + 1]!; k++) parts.forget(this.order[k]!);
  }
}
