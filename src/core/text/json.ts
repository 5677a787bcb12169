// JSON that keeps what JSON.parse forgets: whether a number was written as an integer or a
// float, every digit of a big integer, and the order of an object's keys. Python reads `call`
// arguments with json.loads, where `3.0` is a float and `3` an int, so the app must hand the
// sandbox the arguments as written, not as JavaScript numbers (docs/execution.md).

/** A number as written in the JSON text. */
export class JsonNumber {
  constructor(readonly text: string) {}
  /** Written without a fraction or an exponent: a Python int. */
  get integer(): boolean {
    return !/[.eE]/.test(this.text);
  }
  get value(): number {
    return Number(this.text);
  }
}

/** An object's members in written order; a repeated key keeps its first place and last value, as in a Python dict. */
export class JsonObject {
  readonly members = new Map<string, JsonNode>();
}

export type JsonNode = null | boolean | string | JsonNumber | JsonNode[] | JsonObject;

/** Deeper nesting is refused rather than overflowing the JavaScript stack (CPython 3.11's json.loads stops near 1,000). */
export const MAX_DEPTH = 2000;

const WHITESPACE = /[ \t\n\r]*/y;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?/y;
const PLAIN = /[^"\\\u0000-\u001f]*/y;
const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

class Parser {
  private at = 0;
  constructor(private readonly text: string) {}

  document(): JsonNode {
    const node = this.value(0);
    this.space();
    if (this.at < this.text.length) this.fail('unexpected text after the JSON value');
    return node;
  }

  private fail(message: string): never {
    throw new SyntaxError(`${message} at position ${this.at}`);
  }

  private space(): void {
    WHITESPACE.lastIndex = this.at;
    WHITESPACE.test(this.text);
    this.at = WHITESPACE.lastIndex;
  }

  private literal<T>(word: string, value: T): T {
    if (!this.text.startsWith(word, this.at)) this.fail('unexpected token');
    this.at += word.length;
    return value;
  }

  /** Consume `close` or a comma; true when the container ends. */
  private next(close: string): boolean {
    this.space();
    const c = this.text[this.at];
    if (c !== close && c !== ',') this.fail(`expected ',' or '${close}'`);
    this.at++;
    return c === close;
  }

  private value(depth: number): JsonNode {
    this.space();
    const c = this.text[this.at];
    if (c === '{' || c === '[') {
      if (depth >= MAX_DEPTH) this.fail(`nested deeper than ${MAX_DEPTH} levels`);
      return c === '{' ? this.object(depth + 1) : this.array(depth + 1);
    }
    if (c === '"') return this.string();
    if (c === 't') return this.literal('true', true);
    if (c === 'f') return this.literal('false', false);
    if (c === 'n') return this.literal('null', null);
    NUMBER.lastIndex = this.at;
    if (c === undefined || !NUMBER.test(this.text)) this.fail(c === undefined ? 'unexpected end of JSON' : 'unexpected token');
    const node = new JsonNumber(this.text.slice(this.at, NUMBER.lastIndex));
    this.at = NUMBER.lastIndex;
    return node;
  }

  private array(depth: number): JsonNode[] {
    this.at++; // [
    const items: JsonNode[] = [];
    this.space();
    if (this.text[this.at] === ']') {
      this.at++;
      return items;
    }
    do items.push(this.value(depth));
    while (!this.next(']'));
    return items;
  }

  private object(depth: number): JsonObject {
    this.at++; // {
    const node = new JsonObject();
    this.space();
    if (this.text[this.at] === '}') {
      this.at++;
      return node;
    }
    do {
      this.space();
      if (this.text[this.at] !== '"') this.fail('expected a string key');
      const key = this.string();
      this.space();
      if (this.text[this.at] !== ':') this.fail("expected ':'");
      this.at++;
      node.members.set(key, this.value(depth));
    } while (!this.next('}'));
    return node;
  }

  private string(): string {
    this.at++; // "
    let out = '';
    for (;;) {
      PLAIN.lastIndex = this.at;
      PLAIN.test(this.text);
      out += this.text.slice(this.at, PLAIN.lastIndex);
      this.at = PLAIN.lastIndex;
      const c = this.text[this.at];
      if (c === '"') {
        this.at++;
        return out;
      }
      if (c !== '\\') this.fail(c === undefined ? 'unterminated string' : 'control character in a string');
      const e = this.text[this.at + 1];
      if (e === 'u') {
        const hex = this.text.slice(this.at + 2, this.at + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail('bad \\u escape');
        out += String.fromCharCode(parseInt(hex, 16));
        this.at += 6;
      } else {
        const char = e === undefined ? undefined : ESCAPES[e];
        if (char === undefined) this.fail('bad escape');
        out += char;
        this.at += 2;
      }
    }
  }
}

/** Parse strict JSON (RFC 8259) into a tree that keeps every number's text. Throws SyntaxError. */
export function parseJsonTree(text: string): JsonNode {
  return new Parser(text).document();
}

/** The tree as ordinary JavaScript values, exactly what JSON.parse would return. */
export function treeValue(node: JsonNode): unknown {
  if (node instanceof JsonNumber) return node.value;
  if (Array.isArray(node)) return node.map(treeValue);
  if (node instanceof JsonObject) {
    const out: Record<string, unknown> = {};
    for (const [key, member] of node.members) {
      // A "__proto__" key is an own property, as with JSON.parse.
      Object.defineProperty(out, key, { value: treeValue(member), enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  return node;
}

/** Like JSON.parse, through the same parser. */
export function parseJsonValue(text: string): unknown {
  return treeValue(parseJsonTree(text));
}

/**
 * A float's text as Python's repr (and so json.dumps) writes it: the shortest digits that read
 * back as the same double, in fixed notation from 1e-4 to below 1e16 ("3.0", "0.0001",
 * "-62.5"), else with an exponent ("1e-05", "1.5e+16"). Overflow stays infinite ("1e400").
 */
export function floatText(x: number): string {
  if (!Number.isFinite(x)) return x > 0 ? '1e400' : '-1e400';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const [mantissa, power] = x.toExponential().split('e') as [string, string]; // shortest round-trip digits
  const sign = x < 0 ? '-' : '';
  const digits = mantissa.replace(/^-/, '').replace('.', '');
  const e = Number(power);
  if (e < -4 || e >= 16) {
    const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    return `${sign}${m}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
  }
  if (e < 0) return `${sign}0.${'0'.repeat(-e - 1)}${digits}`;
  return `${sign}${digits.slice(0, e + 1).padEnd(e + 1, '0')}.${digits.slice(e + 1) || '0'}`;
}

/** Canonical text of a number: integers with all their digits, floats that stay floats. */
export function numberText(n: JsonNumber): string {
  if (!n.integer) return floatText(n.value);
  return n.text === '-0' ? '0' : n.text;
}

/**
 * Compact JSON text of a tree in which floats stay floats (written as Python writes them),
 * integers keep all their digits and keys keep their order: Python's json.loads reads it as the
 * same values as the original text. For a tree with none of those, it equals JSON.stringify(treeValue(node)).
 */
export function canonicalJson(node: JsonNode): string {
  if (node instanceof JsonNumber) return numberText(node);
  if (Array.isArray(node)) return `[${node.map(canonicalJson).join(',')}]`;
  if (node instanceof JsonObject) {
    return `{${[...node.members].map(([key, member]) => `${JSON.stringify(key)}:${canonicalJson(member)}`).join(',')}}`;
  }
  return JSON.stringify(node);
}

/** BigInt of an integer, or of a float that holds an integer value; null for other floats. */
function exactInteger(n: JsonNumber): bigint | null {
  if (n.integer) return BigInt(n.text);
  const x = n.value;
  return Number.isInteger(x) ? BigInt(x) : null;
}

/**
 * Python's `==` on two JSON numbers: ints compare exactly at any size, floats as doubles, and an
 * int equals a float only when they are the same number (2 == 2.0; 2**53 + 1 != 2.0**53).
 */
export function numbersEqual(a: JsonNumber, b: JsonNumber): boolean {
  if (!a.integer && !b.integer) return a.value === b.value;
  if (a.integer && b.integer) return BigInt(a.text) === BigInt(b.text);
  const int = a.integer ? a : b;
  const float = a.integer ? b : a;
  const exact = exactInteger(float);
  return exact !== null && exact === BigInt(int.text);
}

/** Deep equality of ordinary JSON values (numbers by ===, objects by key set, any key order). */
export function jsonValuesEqual(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => jsonValuesEqual(x, b[i]));
  }
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') {
    const ak = Object.keys(a);
    const bo = b as Record<string, unknown>;
    return ak.length === Object.keys(b).length && ak.every((k) => Object.hasOwn(bo, k) && jsonValuesEqual((a as Record<string, unknown>)[k], bo[k]));
  }
  return a === b;
}
