// Code from a model's reply (its answer, thinking already taken out: thinking.ts), whatever the
// usual shape: a fenced python block, another fenced block, or bare code. The shapes real replies
// take, and what each protocol reads from them: fixtures/reply-corpus.ts.

export type ExtractionKind = 'fenced-python' | 'last-fenced' | 'unfenced' | 'none';

export interface Extraction {
  code: string | null;
  how: ExtractionKind;
}

export interface FencedBlock {
  /** The language tag, lower case; '' when there is none. */
  tag: string;
  /** The rest of the opening line (`title="main.py"`, `:src/main.py`). */
  info: string;
  /** The lines between the fences, less the opening fence's indentation (a block inside a list item). */
  body: string;
  /** false when the reply ends before the closing fence: a reply cut off by the token limit. */
  closed: boolean;
  /** The nearest non-blank line above the opening fence, since the block before. */
  above: string | null;
}

/** An opening fence: three or more backticks or tildes, then a tag (no backtick after backticks). */
const OPEN = /^([ \t]*)(`{3,}|~{3,})[ \t]*([\w+-]*)(.*)$/;

/** The fenced blocks of a text, as Markdown reads them: a fence is closed by a run of its character at least as long, alone on its line. */
export function fencedBlocks(text: string): FencedBlock[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const out: FencedBlock[] = [];
  let above: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const open = OPEN.exec(lines[i]!);
    if (!open || (open[2]![0] === '`' && open[4]!.includes('`'))) {
      if (lines[i]!.trim()) above = lines[i]!;
      continue;
    }
    const [, indent, fence, tag, info] = open as unknown as [string, string, string, string, string];
    const close = new RegExp(`^[ \\t]*\\${fence[0]}{${fence.length},}[ \\t]*$`);
    let j = i + 1;
    while (j < lines.length && !close.test(lines[j]!)) j++;
    const dedent = new RegExp(`^[ \\t]{0,${indent.length}}`);
    const body = lines
      .slice(i + 1, j)
      .map((l) => l.replace(dedent, ''))
      .join('\n');
    out.push({ tag: tag.toLowerCase(), info: info.trim(), body, closed: j < lines.length, above });
    above = null;
    i = j;
  }
  return out;
}

export const PYTHON_TAGS = new Set(['python', 'py', 'python3', 'py3']);
/** Blocks that are never the program: a patch, data, a program's output. */
const NOT_CODE = new Set(['diff', 'patch', 'json', 'text', 'txt', 'plaintext', 'output']);
/** A reply wrapped whole in a Markdown block: its own blocks count. */
const MARKDOWN = new Set(['markdown', 'md']);
/** Lines that start Python statements (to recognise bare code). */
const CODE_START = /^(import |from \w+(\.\w+)* import |def |class |for |while |if |with |try:|print\(|@|[A-Za-z_][\w, ]*\s*=[^=])/;

const hasText = (b: FencedBlock) => b.body.trim() !== '';
const looksLikeCode = (b: FencedBlock) => b.body.split('\n').some((l) => CODE_START.test(l));

function bareCode(reply: string): string | null {
  const lines = reply.replace(/\r\n?/g, '\n').split('\n');
  const first = lines.findIndex((l) => CODE_START.test(l));
  if (first < 0) return null;
  // Keep going while lines look like code: indented, blank, or statement-like; stop at prose.
  let last = first;
  for (let i = first; i < lines.length; i++) {
    const l = lines[i]!;
    if (
      l.trim() === '' ||
      /^\s/.test(l) ||
      CODE_START.test(l) ||
      /^[\w.[\]()'"]+\s*[-+*/%]?=|^[\w.]+\(.*\)\s*$|^(return|break|continue|pass|else:|elif |except|finally:)/.test(l)
    )
      last = l.trim() ? i : last;
    else break;
  }
  const code = lines.slice(first, last + 1).join('\n');
  return code.trim() ? `${code}\n` : null;
}

const NONE: Extraction = { code: null, how: 'none' };

/**
 * The last python block; else the last other block that looks like Python, else the last other
 * block (not a patch or data); bare code only in a reply without fences. A reply cut off inside a
 * block is read for an earlier python block only: the cut block is not a program, and nor is
 * the problem's input quoted above it.
 */
export function extractCode(reply: string): Extraction {
  const blocks = fencedBlocks(reply).flatMap((b) => (MARKDOWN.has(b.tag) && b.closed ? fencedBlocks(b.body) : [b]));
  const python = blocks.filter((b) => b.closed && hasText(b) && PYTHON_TAGS.has(b.tag));
  if (python.length > 0) return { code: `${python.at(-1)!.body}\n`, how: 'fenced-python' };
  if (blocks.some((b) => !b.closed && hasText(b))) return NONE;
  const others = blocks.filter((b) => b.closed && hasText(b) && !NOT_CODE.has(b.tag));
  const other = others.findLast(looksLikeCode) ?? others.at(-1);
  if (other) return { code: `${other.body}\n`, how: 'last-fenced' };
  if (blocks.length > 0) return NONE;
  const bare = bareCode(reply);
  return bare ? { code: bare, how: 'unfenced' } : NONE;
}
