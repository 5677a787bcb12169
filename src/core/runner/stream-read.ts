// Reading run logs of any size as streams (JSON or JSONL, plain or gzip) without holding the
// whole file as one string. Web-platform APIs only, so Node and the browser share it.
import { isGzip, NO_SIGNATURE, notGzip } from './gzip.ts';

async function* chunksOf<T>(reader: ReadableStreamDefaultReader<T>, first: T[] = []): AsyncGenerator<T> {
  let done = false;
  try {
    yield* first;
    for (;;) {
      const r = await reader.read();
      if (r.done) break;
      yield r.value;
    }
    done = true;
  } finally {
    if (done) reader.releaseLock();
    else await reader.cancel().catch(() => {});
  }
}

/** Text chunks of a byte stream; gunzipped when its first two bytes are 1f 8b. With named: true (a file whose name ends in .gz) bytes without the signature are refused. */
export async function* textChunks(bytes: ReadableStream<Uint8Array>, options: { named?: boolean } = {}): AsyncGenerator<string> {
  const reader = bytes.getReader();
  // The first bytes, until there are two to look at.
  const head: Uint8Array[] = [];
  const sig: number[] = [];
  while (sig.length < 2) {
    const r = await reader.read();
    if (r.done) break;
    head.push(r.value);
    for (let i = 0; i < r.value.length && sig.length < 2; i++) sig.push(r.value[i]!);
  }
  const gzip = isGzip(Uint8Array.from(sig));
  if (!gzip && options.named) {
    await reader.cancel().catch(() => {});
    throw new Error(notGzip(NO_SIGNATURE));
  }
  let source: AsyncIterable<Uint8Array> = chunksOf(reader, head);
  let sourceError: unknown;
  if (gzip) {
    const it = source[Symbol.asyncIterator]();
    const compressed = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const r = await it.next();
          if (r.done) controller.close();
          else controller.enqueue(r.value);
        } catch (err) {
          sourceError = err;
          controller.error(err);
        }
      },
      cancel: () => void it.return?.(),
    });
    source = chunksOf(compressed.pipeThrough(new DecompressionStream('gzip') as unknown as TransformStream<Uint8Array, Uint8Array>).getReader());
  }
  const decoder = new TextDecoder();
  const iterator = source[Symbol.asyncIterator]();
  try {
    for (;;) {
      let r: IteratorResult<Uint8Array>;
      try {
        r = await iterator.next();
      } catch (err) {
        if (!gzip || sourceError !== undefined) throw err;
        throw new Error(notGzip((err as Error).message || String(err)));
      }
      if (r.done) break;
      const text = decoder.decode(r.value, { stream: true });
      if (text) yield text;
    }
  } finally {
    await iterator.return?.();
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

const blank = (s: string): boolean => s.length === 0 || s.trim() === '';

/** Lines of a text (split on \n, a trailing \r dropped, empty lines skipped), with their 1-based line number. */
export async function* lines(text: AsyncIterable<string>): AsyncGenerator<{ line: string; n: number }> {
  let parts: string[] = []; // the line so far, when it spans chunks
  let n = 0;
  for await (const chunk of text) {
    let start = 0;
    for (let nl = chunk.indexOf('\n'); nl !== -1; nl = chunk.indexOf('\n', start)) {
      n++;
      let line = chunk.slice(start, nl);
      if (parts.length) {
        parts.push(line);
        line = parts.join('');
        parts = [];
      }
      if (line.endsWith('\r')) line = line.slice(0, -1);
      start = nl + 1;
      if (!blank(line)) yield { line, n };
    }
    if (start < chunk.length) parts.push(start ? chunk.slice(start) : chunk);
  }
  if (parts.length) {
    let line = parts.join('');
    if (line.endsWith('\r')) line = line.slice(0, -1);
    if (!blank(line)) yield { line, n: n + 1 };
  }
}

/** The first non-whitespace characters of a text (up to `count`), without consuming it: returns them and an iterable that still yields the whole text. */
export async function peek(text: AsyncIterable<string>, count: number): Promise<{ head: string; text: AsyncIterable<string> }> {
  const it = text[Symbol.asyncIterator]();
  const seen: string[] = [];
  let head = '';
  let ended = false;
  while (head.length < count) {
    const r = await it.next();
    if (r.done) {
      ended = true;
      break;
    }
    seen.push(r.value);
    head = head ? head + r.value : r.value.trimStart();
  }
  async function* replay(): AsyncGenerator<string> {
    yield* seen;
    if (ended) return;
    let done = false;
    try {
      for (;;) {
        const r = await it.next();
        if (r.done) break;
        yield r.value;
      }
      done = true;
    } finally {
      if (!done) await it.return?.();
    }
  }
  return { head: head.slice(0, count), text: replay() };
}

/**
 * A top-level JSON object read member by member: a member whose value is an array is yielded
 * element by element ({kind:'element', key, index, value}), then {kind:'end-array', key, count};
 * any other member whole ({kind:'member', key, value}). Each element/member value is parsed with JSON.parse on its own substring, so memory stays bounded by the largest element.
 */
export type JsonEvent =
  | { kind: 'member'; key: string; value: unknown }
  | { kind: 'element'; key: string; index: number; value: unknown }
  | { kind: 'end-array'; key: string; count: number };

// Where the scanner is in the top-level object.
const START = 0; // before '{'
const KEY_OR_CLOSE = 1; // after '{'
const KEY_START = 2; // after ',': a key must follow
const KEY = 3; // inside a key
const COLON = 4;
const VALUE = 5; // before a member's value
const FIRST_ELEMENT = 6; // after a member's '['
const CAPTURE = 7; // inside a value (a member's or an element's)
const AFTER_MEMBER = 8; // after an array member's ']'
const DONE = 9; // after the closing '}'

const QUOTE = 34,
  COMMA = 44,
  COLON_CHAR = 58;
const OPEN_BRACE = 123,
  CLOSE_BRACE = 125,
  OPEN_BRACKET = 91,
  CLOSE_BRACKET = 93;
const isSpace = (c: number): boolean => c === 32 || c === 10 || c === 13 || c === 9;
// What an ASCII character means inside a value: nothing, a string's start, an opening bracket, a closing one or a comma.
const STRING = 1,
  OPEN = 2,
  CLOSE = 3,
  SEPARATOR = 4;
const KINDS = new Uint8Array(128);
KINDS[QUOTE] = STRING;
KINDS[OPEN_BRACE] = KINDS[OPEN_BRACKET] = OPEN;
KINDS[CLOSE_BRACE] = KINDS[CLOSE_BRACKET] = CLOSE;
KINDS[COMMA] = SEPARATOR;

/** The members of the top-level JSON object of a text, as JsonEvents (arrays element by element). */
export async function* jsonMembers(text: AsyncIterable<string>): AsyncGenerator<JsonEvent> {
  let state = START;
  let base = 0; // characters before the current chunk
  let key = '';
  let inArray = false; // whether the value captured is an array's element
  let index = 0;
  let parts: string[] = []; // the current key or value so far, when it spans chunks
  let valueAt = 0; // where the current value starts in the whole text
  let depth = 0;
  let inString = false;
  let escaped = false; // the chunk before ended with a string's backslash
  let chunk = '';
  // The next quote and backslash in the chunk at or after where they were last looked for, or chunk.length.
  let nextQuote = -1;
  let nextBackslash = -1;

  const where = (): string => (key ? ` (member ${JSON.stringify(key)}${inArray ? `, element ${index}` : ''})` : '');
  const invalid = (at: number, what: string): Error => new Error(`invalid JSON at character ${at}${where()}: ${what}`);
  const expected = (i: number, what: string): Error => invalid(base + i, `expected ${what}, found ${i < chunk.length ? JSON.stringify(chunk[i]) : 'the end'}`);

  // The closing quote of a string from index i of the chunk, or -1 when the chunk ends first.
  const stringEnd = (i: number): number => {
    if (escaped) {
      escaped = false;
      i++;
    }
    for (;;) {
      if (nextQuote < i) {
        nextQuote = chunk.indexOf('"', i);
        if (nextQuote === -1) nextQuote = chunk.length;
      }
      if (nextBackslash < i) {
        nextBackslash = chunk.indexOf('\\', i);
        if (nextBackslash === -1) nextBackslash = chunk.length;
      }
      if (nextQuote < nextBackslash) return nextQuote;
      if (nextBackslash === chunk.length) return -1; // neither
      if (nextBackslash + 1 >= chunk.length) {
        escaped = true;
        return -1;
      }
      i = nextBackslash + 2;
    }
  };

  const parse = (tail: string): unknown => {
    const source = parts.length ? parts.join('') + tail : tail;
    parts = [];
    try {
      return JSON.parse(source);
    } catch (err) {
      throw invalid(valueAt, (err as Error).message);
    }
  };

  for await (const c of text) {
    chunk = c;
    nextQuote = nextBackslash = -1;
    const len = chunk.length;
    let i = 0;
    let start = 0; // where the current key or value starts in this chunk
    while (i < len) {
      if (state === CAPTURE) {
        // Find where the value ends (',', ']' or '}' at depth 0), jumping over strings.
        let end = -1;
        if (inString) {
          const q = stringEnd(i);
          i = q === -1 ? len : q + 1;
          inString = q === -1;
        }
        for (; i < len; i++) {
          const ch = chunk.charCodeAt(i);
          const kind = ch < 128 ? KINDS[ch]! : 0;
          if (kind === 0) continue;
          if (kind === STRING) {
            const q = stringEnd(i + 1);
            if (q === -1) {
              inString = true;
              i = len;
            } else i = q;
          } else if (kind === OPEN) depth++;
          else if (depth > 0) {
            if (kind === CLOSE) depth--;
          } else {
            end = i;
            break;
          }
        }
        if (end === -1) break;
        const ch = chunk.charCodeAt(end);
        if (inArray) {
          if (ch === CLOSE_BRACE) throw expected(end, "',' or ']'");
          yield { kind: 'element', key, index, value: parse(chunk.slice(start, end)) };
          index++;
          if (ch === COMMA) {
            start = end + 1;
            valueAt = base + start;
          } else {
            yield { kind: 'end-array', key, count: index };
            inArray = false;
            state = AFTER_MEMBER;
          }
        } else {
          if (ch === CLOSE_BRACKET) throw expected(end, "',' or '}'");
          yield { kind: 'member', key, value: parse(chunk.slice(start, end)) };
          state = ch === COMMA ? KEY_START : DONE;
        }
        i = end + 1;
        continue;
      }
      if (state === KEY) {
        const q = stringEnd(i);
        if (q === -1) {
          i = len;
          break;
        }
        const raw = parts.length ? parts.join('') + chunk.slice(start, q) : chunk.slice(start, q);
        parts = [];
        try {
          key = JSON.parse(`"${raw}"`) as string;
        } catch (err) {
          throw invalid(base + q, `a bad key: ${(err as Error).message}`);
        }
        state = COLON;
        i = q + 1;
        continue;
      }
      const ch = chunk.charCodeAt(i);
      if (isSpace(ch)) {
        i++;
        continue;
      }
      switch (state) {
        case START:
          if (ch !== OPEN_BRACE) throw new Error(`not a JSON object (it starts with ${JSON.stringify(chunk[i])})`);
          state = KEY_OR_CLOSE;
          break;
        case KEY_OR_CLOSE:
        case KEY_START:
          if (ch === CLOSE_BRACE && state === KEY_OR_CLOSE) state = DONE;
          else if (ch === QUOTE) {
            key = '';
            state = KEY;
            start = i + 1;
          } else throw expected(i, state === KEY_OR_CLOSE ? "a key or '}'" : 'a key');
          break;
        case COLON:
          if (ch !== COLON_CHAR) throw expected(i, "':'");
          state = VALUE;
          break;
        case VALUE:
          if (ch === OPEN_BRACKET) {
            state = FIRST_ELEMENT;
            inArray = true;
            index = 0;
            break;
          }
          state = CAPTURE;
          depth = 0;
          start = i;
          valueAt = base + i;
          continue; // the value's first character is scanned in CAPTURE
        case FIRST_ELEMENT:
          if (ch === CLOSE_BRACKET) {
            yield { kind: 'end-array', key, count: 0 };
            inArray = false;
            state = AFTER_MEMBER;
            break;
          }
          state = CAPTURE;
          depth = 0;
          start = i;
          valueAt = base + i;
          continue;
        case AFTER_MEMBER:
          if (ch === COMMA) state = KEY_START;
          else if (ch === CLOSE_BRACE) state = DONE;
          else throw expected(i, "',' or '}'");
          break;
        case DONE:
          key = '';
          throw expected(i, 'nothing after the object');
      }
      i++;
    }
    // The chunk ended inside a key or a value: keep its part.
    if ((state === KEY || state === CAPTURE) && start < len) parts.push(start ? chunk.slice(start) : chunk);
    base += len;
  }
  if (state === START) throw new Error('not a JSON object (the text is empty)');
  if (state !== DONE) throw invalid(base, 'the text ends before the object does');
}
