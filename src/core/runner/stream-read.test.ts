// Streamed reading of run logs: gzip by signature, lines of JSONL, and a top-level JSON object
// member by member, whatever the chunk boundaries.
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { jsonMembers, lines, peek, textChunks, type JsonEvent } from './stream-read.ts';

const bytesOf = (text: string): Uint8Array => new TextEncoder().encode(text);

/** A byte stream in chunks of `size` bytes. */
const byteStream = (bytes: Uint8Array, size = 65536): ReadableStream<Uint8Array> => {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + size));
      at += size;
    },
  });
};

/** A text in chunks of `size` characters. */
async function* pieces(text: string, size: number): AsyncGenerator<string> {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

const all = async <T>(items: AsyncIterable<T>): Promise<T[]> => {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
};
const textOf = async (chunks: AsyncIterable<string>): Promise<string> => (await all(chunks)).join('');

// Strings full of JSON's syntax, multi-byte characters, an escaped key, nested and empty arrays.
const doc = {
  version: 2,
  'we"ird {key} \\ é': 'a } ] [ { " \\ \\" \\',
  items: [{ id: 1, text: 'é 😀 ✓ \n\t', nested: [[1, 2], [], { a: [3] }] }, 'str ]}', 3.5, null, [], '\\'],
  empty: [],
  meta: { x: [1, { y: '}' }], z: true },
  last: 'end',
};
const events: JsonEvent[] = [
  { kind: 'member', key: 'version', value: 2 },
  { kind: 'member', key: 'we"ird {key} \\ é', value: 'a } ] [ { " \\ \\" \\' },
  { kind: 'element', key: 'items', index: 0, value: { id: 1, text: 'é 😀 ✓ \n\t', nested: [[1, 2], [], { a: [3] }] } },
  { kind: 'element', key: 'items', index: 1, value: 'str ]}' },
  { kind: 'element', key: 'items', index: 2, value: 3.5 },
  { kind: 'element', key: 'items', index: 3, value: null },
  { kind: 'element', key: 'items', index: 4, value: [] },
  { kind: 'element', key: 'items', index: 5, value: '\\' },
  { kind: 'end-array', key: 'items', count: 6 },
  { kind: 'end-array', key: 'empty', count: 0 },
  { kind: 'member', key: 'meta', value: { x: [1, { y: '}' }], z: true } },
  { kind: 'member', key: 'last', value: 'end' },
];
/** JSON with whitespace and CRLF between every two tokens. */
const spaced = (v: unknown): string =>
  Array.isArray(v)
    ? `[ \r\n${v.map(spaced).join(' \r\n,\t')}\n ]`
    : v && typeof v === 'object'
      ? `{\r\n ${Object.entries(v)
          .map(([k, x]) => `${JSON.stringify(k)} \n:\t${spaced(x)}`)
          .join('\r\n , ')} }`
      : JSON.stringify(v);
const layouts = {
  compact: JSON.stringify(doc),
  'indent 1': JSON.stringify(doc, null, 1),
  tabs: JSON.stringify(doc, null, '\t'),
  'CRLF and spaces everywhere': ` \r\n${spaced(doc)} \n`,
};
const sizes = [1, 2, 3, 5, 7, 11, 4096];

describe('textChunks', () => {
  const text = JSON.stringify(doc, null, 1);

  it('reads plain bytes as text, multi-byte characters split at any byte', async () => {
    for (const size of [1, 3, 7, 65536]) expect(await textOf(textChunks(byteStream(bytesOf(text), size)))).toBe(text);
    expect(await all(textChunks(byteStream(new Uint8Array(0))))).toEqual([]);
  });

  it('gunzips bytes that start with 1f 8b, named or not', async () => {
    const gz = new Uint8Array(gzipSync(text));
    expect([gz[0], gz[1]]).toEqual([0x1f, 0x8b]);
    for (const size of [1, 5, 65536]) expect(await textOf(textChunks(byteStream(gz, size)))).toBe(text);
    expect(await textOf(textChunks(byteStream(gz), { named: true }))).toBe(text);
  });

  it('refuses a truncated or corrupt gzip stream as not gzip', async () => {
    const gz = new Uint8Array(gzipSync(text));
    await expect(textOf(textChunks(byteStream(gz.slice(0, gz.length >> 1), 7)))).rejects.toThrow(/^not a valid gzip file \(.+\)$/);
    const corrupt = gz.slice();
    for (let i = 20; i < 60; i++) corrupt[i] = corrupt[i]! ^ 0xa5;
    await expect(textOf(textChunks(byteStream(corrupt)))).rejects.toThrow(/^not a valid gzip file \(.+\)$/);
  });

  it('refuses bytes named .gz without the gzip signature', async () => {
    const refused = 'not a valid gzip file (it does not start with the gzip signature 1f 8b)';
    await expect(textOf(textChunks(byteStream(bytesOf(text)), { named: true }))).rejects.toThrow(refused);
    await expect(textOf(textChunks(byteStream(new Uint8Array([0x1f])), { named: true }))).rejects.toThrow(refused);
  });

  it('passes on an error of the byte stream itself', async () => {
    const failing = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(gzipSync('abc')).slice(0, 5));
        controller.error(new Error('disk gone'));
      },
    });
    await expect(textOf(textChunks(failing))).rejects.toThrow('disk gone');
  });
});

describe('lines', () => {
  const jsonl = '{"a":1}\r\n\r\n{"b":"x\\ny"}\n\n  \n{"c":"é"}\r\n{"d":[]}';
  const expected = [
    { line: '{"a":1}', n: 1 },
    { line: '{"b":"x\\ny"}', n: 3 },
    { line: '{"c":"é"}', n: 6 },
    { line: '{"d":[]}', n: 7 },
  ];

  it('splits JSONL with CRLF, blank lines and a last line without newline, at any chunking', async () => {
    for (const size of sizes) expect(await all(lines(pieces(jsonl, size)))).toEqual(expected);
    expect(await all(lines(pieces(`${jsonl}\r\n`, 4)))).toEqual(expected);
  });

  it('reads gzip JSONL end to end', async () => {
    const gz = new Uint8Array(gzipSync(jsonl));
    const parsed = [];
    for await (const { line } of lines(textChunks(byteStream(gz, 3)))) parsed.push(JSON.parse(line));
    expect(parsed).toEqual([{ a: 1 }, { b: 'x\ny' }, { c: 'é' }, { d: [] }]);
  });

  it('yields nothing for an empty or blank text', async () => {
    expect(await all(lines(pieces('', 1)))).toEqual([]);
    expect(await all(lines(pieces('\n\r\n  \n', 1)))).toEqual([]);
  });
});

describe('peek', () => {
  it('returns the first non-whitespace characters and still yields the whole text', async () => {
    const text = ' \n\t {"type":"manifest"}\n{"x":1}';
    for (const size of [1, 4, 100]) {
      const { head, text: rest } = await peek(pieces(text, size), 8);
      expect(head).toBe('{"type":');
      expect(await textOf(rest)).toBe(text);
    }
  });

  it('returns less when the text is shorter, and nothing for an empty text', async () => {
    const short = await peek(pieces('  [1]  ', 2), 10);
    expect(short.head).toBe('[1]  ');
    expect(await textOf(short.text)).toBe('  [1]  ');
    const empty = await peek(pieces('', 1), 3);
    expect(empty.head).toBe('');
    expect(await textOf(empty.text)).toBe('');
  });
});

describe('jsonMembers', () => {
  it('reads each layout the same, at any chunking', async () => {
    for (const [name, text] of Object.entries(layouts)) {
      expect(JSON.parse(text), name).toEqual(doc);
      for (const size of sizes) expect(await all(jsonMembers(pieces(text, size))), `${name}, chunks of ${size}`).toEqual(events);
    }
  });

  it('reads gzip bytes split at every byte', async () => {
    const gz = new Uint8Array(gzipSync(JSON.stringify(doc, null, 1)));
    expect(await all(jsonMembers(textChunks(byteStream(gz, 1))))).toEqual(events);
    expect(await all(jsonMembers(textChunks(byteStream(bytesOf(JSON.stringify(doc)), 1))))).toEqual(events);
  });

  it('reads an empty object, and a large element with many escapes across many chunks', async () => {
    expect(await all(jsonMembers(pieces(' { \n } \n', 1)))).toEqual([]);
    const code = 'print("a\\\\b")\n'.repeat(5000);
    const text = JSON.stringify({ runs: [{ code }, { code: 'x' }] }, null, 1);
    expect(await all(jsonMembers(pieces(text, 7)))).toEqual([
      { kind: 'element', key: 'runs', index: 0, value: { code } },
      { kind: 'element', key: 'runs', index: 1, value: { code: 'x' } },
      { kind: 'end-array', key: 'runs', count: 2 },
    ]);
  });

  it('agrees with JSON.parse on random documents', async () => {
    let seed = 42;
    const random = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const alphabet = ['a', '"', '\\', '{', '}', '[', ']', ',', ':', ' ', '\n', 'é', '😀', '\u0001'];
    const str = (): string => Array.from({ length: Math.floor(random() * 6) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
    const value = (depth: number): unknown => {
      const r = random();
      if (depth > 2 || r < 0.3) return [str(), 1.5, -2, true, null][Math.floor(random() * 5)];
      if (r < 0.65) return Array.from({ length: Math.floor(random() * 4) }, () => value(depth + 1));
      return Object.fromEntries(Array.from({ length: Math.floor(random() * 4) }, () => [str(), value(depth + 1)]));
    };
    for (let round = 0; round < 40; round++) {
      const obj = Object.fromEntries(Array.from({ length: 1 + Math.floor(random() * 5) }, (_, i) => [`${str()}${i}`, value(0)]));
      const want: JsonEvent[] = [];
      for (const [key, v] of Object.entries(obj)) {
        if (!Array.isArray(v)) want.push({ kind: 'member', key, value: v });
        else {
          v.forEach((e, index) => want.push({ kind: 'element', key, index, value: e }));
          want.push({ kind: 'end-array', key, count: v.length });
        }
      }
      const text = JSON.stringify(obj, null, round % 3);
      for (const size of [1, 3, 64]) expect(await all(jsonMembers(pieces(text, size)))).toEqual(want);
    }
  });

  it('refuses a top-level value that is not an object', async () => {
    await expect(all(jsonMembers(pieces('[1, 2]', 1)))).rejects.toThrow('not a JSON object (it starts with "[")');
    await expect(all(jsonMembers(pieces(' "{}"', 2)))).rejects.toThrow('not a JSON object (it starts with "\\"")');
    await expect(all(jsonMembers(pieces(' \n ', 1)))).rejects.toThrow('not a JSON object (the text is empty)');
  });

  it('refuses invalid JSON saying where, the same at any chunking', async () => {
    const cases: [string, string][] = [
      ['{"a": [1, 2,]}', 'invalid JSON at character 12 (member "a", element 2): '],
      ['{"a": 1,}', 'invalid JSON at character 8 (member "a"): expected a key, found "}"'],
      ['{"a": tru, "b": 2}', 'invalid JSON at character 6 (member "a"): '],
      ['{"a" 1}', `invalid JSON at character 5 (member "a"): expected ':', found "1"`],
      ['{"a": [1}', `invalid JSON at character 8 (member "a", element 0): expected ',' or ']', found "}"`],
      ['{"a": 1]', `invalid JSON at character 7 (member "a"): expected ',' or '}', found "]"`],
      ['{"a": []  "b": 1}', `invalid JSON at character 10 (member "a"): expected ',' or '}', found "\\""`],
      ['{"a": 1} {"b": 2}', 'invalid JSON at character 9: expected nothing after the object, found "{"'],
      ['{"a": {"b": "}', 'invalid JSON at character 14 (member "a"): the text ends before the object does'],
      ['{"a\\x": 1}', 'invalid JSON at character 5: a bad key: '],
      ['{1: 2}', `invalid JSON at character 1: expected a key or '}', found "1"`],
    ];
    for (const [text, message] of cases) {
      for (const size of [1, 4, 4096]) {
        const error = await all(jsonMembers(pieces(text, size))).then(
          () => undefined,
          (err: Error) => err.message,
        );
        expect(error?.startsWith(message), `${text} in chunks of ${size}: ${error}`).toBe(true);
      }
    }
  });

  it('yields the members before an error further on', async () => {
    const seen: JsonEvent[] = [];
    await expect(
      (async () => {
        for await (const event of jsonMembers(pieces('{"a": [1, 2], "b": oops}', 3))) seen.push(event);
      })(),
    ).rejects.toThrow(/^invalid JSON at character 19 \(member "b"\)/);
    expect(seen).toEqual([
      { kind: 'element', key: 'a', index: 0, value: 1 },
      { kind: 'element', key: 'a', index: 1, value: 2 },
      { kind: 'end-array', key: 'a', count: 2 },
    ]);
  });
});
