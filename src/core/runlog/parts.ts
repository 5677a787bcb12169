// The texts of a version-3 run log, each stored once (docs/formats.md, "Parts"). A text is cut
// into paragraphs (at blank lines); every distinct paragraph is one part, and a text of several
// paragraphs is one more part: the list of its paragraphs' numbers. A message, reply or program
// is then one number, however often it recurs: the system prompt, the statement, a program
// carried from turn to turn, the conversation a later call repeats.

/** A part: a paragraph, or the numbers of the paragraphs a text is made of. */
export type Part = string | number[];

const SEPARATOR = '\n\n';

/**
 * Numbers texts as they are first met; `take` hands over the parts made since the last take.
 * `keyOf`: what a text is known by in the table (the text itself by default); a large log's
 * writer gives a digest (the command line: SHA-256), so the table does not hold every text.
 */
export class PartWriter {
  private readonly numbers = new Map<string, number>();
  constructor(private readonly keyOf: (text: string) => string = (text) => text) {}
  private readonly lists = new Map<string, number>();
  private next = 0;
  private fresh: Part[] = [];

  /** How many parts exist (the next part's number). */
  get size(): number {
    return this.next;
  }

  private add(part: Part): number {
    this.fresh.push(part);
    return this.next++;
  }

  private paragraph(text: string): number {
    const key = this.keyOf(text);
    let n = this.numbers.get(key);
    if (n === undefined) {
      n = this.add(text);
      this.numbers.set(key, n);
    }
    return n;
  }

  /** The number of a text (made when new). */
  ref(text: string): number {
    const whole = this.keyOf(text);
    const known = this.numbers.get(whole);
    if (known !== undefined) return known;
    const pieces = text.split(SEPARATOR);
    if (pieces.length === 1) return this.paragraph(text);
    const list = pieces.map((p) => this.paragraph(p));
    const key = list.join(',');
    let n = this.lists.get(key);
    if (n === undefined) {
      n = this.add(list);
      this.lists.set(key, n);
    }
    this.numbers.set(whole, n); // the whole text, too: a repeat costs one lookup
    return n;
  }

  /** Continue a table stored before (parts in order, from 0): texts met again keep their numbers. */
  restore(parts: readonly Part[]): void {
    if (this.next !== 0) throw new Error('restore only into an empty table');
    for (const part of parts) {
      const n = this.next++;
      if (typeof part === 'string') this.numbers.set(this.keyOf(part), n);
      else {
        this.lists.set(part.join(','), n);
        this.numbers.set(this.keyOf(part.map((p) => parts[p] as string).join(SEPARATOR)), n);
      }
    }
  }

  /** The parts made since the last call, in order (their numbers run on from the previous take). */
  take(): { from: number; parts: Part[] } {
    const parts = this.fresh;
    this.fresh = [];
    return { from: this.next - parts.length, parts };
  }
}

/** A part let go: no text, and not a paragraph a later list may name. */
const FORGOTTEN: number[] = [];

/**
 * Reads part numbers back into texts; each text is built once and then shared. Made with
 * `keep` false it keeps no text, only which parts are paragraphs: enough to check a file's
 * references while its compact records go to a store as they are.
 */
export class PartReader {
  private readonly parts: Part[] = [];
  private readonly texts: (string | undefined)[] = [];
  /** Without texts: 1 for a paragraph, 2 for a list, per part. */
  private readonly kinds: number[] = [];
  constructor(private readonly keep = true) {}

  get size(): number {
    return this.keep ? this.parts.length : this.kinds.length;
  }

  private isParagraph(n: number): boolean {
    return this.keep ? typeof this.parts[n] === 'string' : this.kinds[n] === 1;
  }

  /** Parts as written, numbered from `from` (which must continue the table). */
  add(from: number, parts: readonly unknown[]): void {
    if (from !== this.size) throw new Error(`parts numbered from ${from}, but ${this.size} are known`);
    for (const [i, part] of parts.entries()) {
      const n = from + i;
      const list = Array.isArray(part) && part.every((x) => Number.isInteger(x) && x >= 0 && x < n && this.isParagraph(x));
      if (typeof part !== 'string' && !list) throw new Error(`part ${n} is neither a text nor a list of earlier paragraphs`);
      if (this.keep) this.parts.push(part as Part);
      else this.kinds.push(list ? 2 : 1);
    }
  }

  /** Whether n names a part. */
  has(n: unknown): boolean {
    return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n < this.size;
  }

  /** Part n as stored (undefined when not known). */
  get(n: number): Part | undefined {
    return this.parts[n];
  }

  private paragraph(n: number): string {
    const part = this.parts[n];
    if (typeof part !== 'string') throw new Error(`part ${n} is missing`);
    return part;
  }

  /** A part known by its number alone (a store reading one item's parts, not the whole table). */
  put(n: number, part: Part): void {
    this.parts[n] = part;
  }

  /** Let part n go (its text too): a reader that knows no later record refers to it (LastUse). */
  forget(n: number): void {
    this.parts[n] = FORGOTTEN;
    this.texts[n] = undefined;
  }

  /** The text of part n. */
  text(n: unknown): string {
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) throw new Error(`unknown part ${JSON.stringify(n)} (${this.parts.length} known)`);
    const known = this.texts[n];
    if (known !== undefined) return known;
    const part = this.parts[n];
    if (part === undefined) throw new Error(`part ${n} is missing`);
    if (part === FORGOTTEN) throw new Error(`part ${n} was let go before its last use`);
    const text = typeof part === 'string' ? part : part.map((p) => this.paragraph(p)).join(SEPARATOR);
    this.texts[n] = text;
    return text;
  }
}
