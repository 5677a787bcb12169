// Writing a run log in version 3 (docs/formats.md): a piece of text at a time, so a log of any
// size is written without being held as one string. Each item brings the parts and outcome codes
// first used in it, ahead of its steps, in both forms:
//   JSON   {"manifest":…,"scores":…,"items":[{"parts":…,"outcomes":…,"key":…,"steps":[…]},…],"annotations":[…]}
//   JSONL  {"type":"manifest",…} {"type":"scores",…} {"type":"item",…} {"type":"step",…}… {"type":"annotation",…}
import type { Annotation, ItemRecord, Manifest, Scores } from '../model/runlog.ts';
import { Encoder, suitesOf } from './compact.ts';

export type LogFormat = 'json' | 'jsonl';

/** What a log has besides its items. */
export interface LogHead {
  manifest: Manifest;
  scores?: Scores;
  annotations?: readonly Annotation[];
}

/** The tables' entries new since the last item, as an item carries them. */
function fresh(encoder: Encoder) {
  const parts = encoder.parts.take();
  const outcomes = encoder.outcomes.take();
  return {
    ...(parts.parts.length ? { parts: { from: parts.from, list: parts.parts } } : {}),
    ...(outcomes.codes.length ? { outcomes: { from: outcomes.from, list: outcomes.codes } } : {}),
  };
}

/** Writes one log: `start`, then `item` per item, then `end`. */
export class LogWriter {
  private readonly encoder: Encoder;
  private count = 0;
  /** `keyOf`: what the parts table knows a text by (PartWriter); the text itself by default. */
  constructor(
    private readonly head: LogHead,
    private readonly format: LogFormat,
    keyOf?: (text: string) => string,
  ) {
    this.encoder = new Encoder(suitesOf(head.manifest), keyOf);
  }

  start(): string {
    const { manifest, scores } = this.head;
    if (this.format === 'jsonl') return `${JSON.stringify({ type: 'manifest', manifest })}\n${scores ? `${JSON.stringify({ type: 'scores', scores })}\n` : ''}`;
    return `{"manifest":${JSON.stringify(manifest)},\n${scores ? `"scores":${JSON.stringify(scores)},\n` : ''}"items":[`;
  }

  item(item: ItemRecord): string {
    const { steps, ...head } = item;
    const compactSteps = steps.map((s) => this.encoder.step(s, item.instanceId));
    const compactHead = this.encoder.head(head);
    const tables = fresh(this.encoder);
    this.count++;
    if (this.format === 'json') return `${this.count > 1 ? ',' : ''}\n${JSON.stringify({ ...tables, ...compactHead, steps: compactSteps })}`;
    const lines = [JSON.stringify({ type: 'item', ...tables, item: compactHead })];
    for (const step of compactSteps) lines.push(JSON.stringify({ type: 'step', item: item.key, step }));
    return `${lines.join('\n')}\n`;
  }

  end(): string {
    const annotations = this.head.annotations ?? [];
    if (this.format === 'jsonl') return annotations.map((annotation) => `${JSON.stringify({ type: 'annotation', annotation })}\n`).join('');
    return `\n]${annotations.length ? `,\n"annotations":${JSON.stringify(annotations)}` : ''}}\n`;
  }
}

/** A whole log as pieces of text. */
export async function* logChunks(
  head: LogHead,
  items: Iterable<ItemRecord> | AsyncIterable<ItemRecord>,
  format: LogFormat,
  keyOf?: (text: string) => string,
): AsyncGenerator<string> {
  const writer = new LogWriter(head, format, keyOf);
  yield writer.start();
  for await (const item of items) yield writer.item(item);
  yield writer.end();
}

/** A whole log as one text (small logs and tests; large ones go through logChunks). */
export function logText(head: LogHead, items: Iterable<ItemRecord>, format: LogFormat): string {
  const writer = new LogWriter(head, format);
  let out = writer.start();
  for (const item of items) out += writer.item(item);
  return out + writer.end();
}
