// Lexical ranking with Okapi BM25 (k1 = 1.2, b = 0.75): how well each document matches a query,
// from the query terms' frequencies in the document, weighted by how rare they are across the
// documents and normalized by the document's length. Terms: lower-case words and numbers, with
// identifiers split at underscores, dots, slashes and case changes (load_sales → load, sales).

const K1 = 1.2;
const B = 0.75;

/** The terms of a text. */
export function terms(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((t) => t.length > 1);
}

export class Bm25 {
  private readonly docs: Map<string, number>[];
  private readonly lengths: number[];
  private readonly average: number;
  private readonly df = new Map<string, number>();

  constructor(documents: readonly string[]) {
    this.docs = documents.map((d) => {
      const tf = new Map<string, number>();
      for (const t of terms(d)) tf.set(t, (tf.get(t) ?? 0) + 1);
      return tf;
    });
    this.lengths = this.docs.map((tf) => [...tf.values()].reduce((a, b) => a + b, 0));
    this.average = this.lengths.reduce((a, b) => a + b, 0) / Math.max(1, this.lengths.length);
    for (const tf of this.docs) for (const t of tf.keys()) this.df.set(t, (this.df.get(t) ?? 0) + 1);
  }

  /** Each document's score for the query, in document order. */
  scores(query: string): number[] {
    const n = this.docs.length;
    const q = [...new Set(terms(query))];
    return this.docs.map((tf, i) => {
      let score = 0;
      for (const t of q) {
        const f = tf.get(t);
        if (!f) continue;
        const df = this.df.get(t)!;
        const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
        score += (idf * f * (K1 + 1)) / (f + K1 * (1 - B + (B * this.lengths[i]!) / (this.average || 1)));
      }
      return score;
    });
  }
}

/** Cosine similarity of two vectors (0 when either is zero). */
export function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

/** The indices of the k best scores, best first (ties: earlier first). */
export function topK(scores: readonly number[], k: number): number[] {
  return scores
    .map((s, i) => [s, i] as const)
    .sort((a, b) => b[0] - a[0] || a[1] - b[1])
    .slice(0, k)
    .map(([, i]) => i);
}
