// Code from a model's reply, whatever the usual shape: a fenced python block, the last
// fenced block, or bare code.

export type ExtractionKind = 'fenced-python' | 'last-fenced' | 'unfenced' | 'none';

export interface Extraction {
  code: string | null;
  how: ExtractionKind;
}

// A fence is three or more backticks (or tildes) and is closed by the same run, so a block can
// hold lines of three backticks when its fence is longer.
const FENCE = /(^|\n)[ \t]*(`{3,}(?!`)|~{3,}(?!~))[ \t]*([\w+-]*)[^\n]*\n([\s\S]*?)\n[ \t]*\2[ \t]*(?=\n|$)/g;
const PYTHON_TAGS = new Set(['python', 'py', 'python3', 'py3']);
/** Lines that start Python statements (to recognise bare code). */
const CODE_START = /^(import |from \w+(\.\w+)* import |def |class |for |while |if |with |try:|print\(|@|[A-Za-z_][\w, ]*\s*=[^=])/;

function bareCode(reply: string): string | null {
  const lines = reply.replace(/\r\n?/g, '\n').split('\n');
  const first = lines.findIndex((l) => CODE_START.test(l));
  if (first < 0) return null;
  // Keep going while lines look like code: indented, blank, or statement-like; stop at prose.
  let last = first;
  for (let i = first; i < lines.length; i++) {
    const l = lines[i]!;
    if (l.trim() === '' || /^\s/.test(l) || CODE_START.test(l) || /^[\w.[\]()'"]+\s*[-+*/%]?=|^[\w.]+\(.*\)\s*$|^(return|break|continue|pass|else:|elif |except|finally:)/.test(l)) last = l.trim() ? i : last;
    else break;
  }
  const code = lines.slice(first, last + 1).join('\n');
  return code.split('\n').length >= 1 && code.trim() ? `${code}\n` : null;
}

export function extractCode(reply: string): Extraction {
  const blocks = [...reply.replace(/\r\n?/g, '\n').matchAll(FENCE)].map((m) => ({ tag: m[3]!.toLowerCase(), body: m[4]! }));
  const python = blocks.filter((b) => PYTHON_TAGS.has(b.tag));
  if (python.length > 0) return { code: `${python.at(-1)!.body}\n`, how: 'fenced-python' };
  const any = blocks.filter((b) => b.body.trim() !== '');
  if (any.length > 0) return { code: `${any.at(-1)!.body}\n`, how: 'last-fenced' };
  const bare = bareCode(reply);
  return bare ? { code: bare, how: 'unfenced' } : { code: null, how: 'none' };
}
