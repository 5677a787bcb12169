// An interviewee's reply read as a project (the format the paper's instruction prompt asks for,
// Fig. 12): each code block headed by a comment naming its file (`# src/model.py`) is that file;
// `plaintext` blocks listing files "created at runtime" are notes, not files. A block named by a
// line just above it (`src/model.py`, `**src/model.py**`, `### src/model.py`) is accepted too.
// Anything left out is said, never silently dropped.
import { workspacePath } from '../../exec/workspace.ts';
import { RUN_SCRIPT } from '../../model/task.ts';

export interface ParsedSolution {
  /** path → text, in the order the reply gave them. */
  files: Record<string, string>;
  /** Files the reply says will be created at runtime. */
  runtime: string[];
  /** What was left out or overridden, in words. */
  notes: string[];
}

const FENCE = /^(`{3,}|~{3,})\s*([\w+-]*)[^`]*$/;
const PATH = String.raw`((?:[\w.-]+/)*[\w.-]+\.[A-Za-z0-9]+)`;
/** A header comment inside a block: `# src/model.py`, `// File: a.js`. */
const HEADER = new RegExp(String.raw`^(?:#|//)\s*(?:file(?:name)?:\s*)?${PATH}\s*$`, 'i');
/** A label just above a block: `src/model.py`, `**src/model.py**`, `### File: src/model.py`, `` `a.py`: ``. */
const LABEL = new RegExp(String.raw`^\s*(?:#{1,6}\s*)?(?:\d+\.\s*)?[*_\`]*(?:file(?:name)?:\s*)?[*_\`]*${PATH}[*_\`]*:?\s*$`, 'i');
const RUNTIME_NOTE = /created at runtime|generated at runtime|will be created/i;

interface Block {
  lang: string;
  body: string[];
  /** The nearest non-empty line above the fence (outside any block). */
  above: string | null;
}

function blocks(reply: string): Block[] {
  const out: Block[] = [];
  const lines = reply.replace(/\r\n?/g, '\n').split('\n');
  let above: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]!.trim());
    if (!open) {
      if (lines[i]!.trim()) above = lines[i]!;
      continue;
    }
    const marker = open[1]!;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !(lines[j]!.trim().startsWith(marker[0]!.repeat(marker.length)) && lines[j]!.trim().replace(/[`~]/g, '') === ''); j++) body.push(lines[j]!);
    out.push({ lang: open[2]!.toLowerCase(), body, above });
    above = null;
    i = j;
  }
  return out;
}

/** A listed path in a runtime block: a file or a folder (`# results/`). */
const LISTED = /^#\s*((?:[\w.-]+\/)*[\w.-]+\/?)\s*$/;

/** A block that only lists files created at runtime (Fig. 12, step 4). */
function runtimeListing(block: Block): string[] | null {
  const lines = block.body.map((l) => l.trim()).filter(Boolean);
  if (!lines.length) return null;
  const listed = lines.filter((l) => LISTED.test(l));
  const allNotes = lines.every((l) => LISTED.test(l) || RUNTIME_NOTE.test(l));
  if (!allNotes || !listed.length || (!lines.some((l) => RUNTIME_NOTE.test(l)) && !['plaintext', 'text', 'txt'].includes(block.lang))) return null;
  return listed.map((l) => LISTED.exec(l)![1]!);
}

/** The file a block holds: its header comment (then dropped from the text), or the label above it. */
function named(block: Block): { path: string; text: string } | null {
  const body = [...block.body];
  let at = 0;
  while (at < body.length && !body[at]!.trim()) at++;
  if (body[at]?.startsWith('#!') && !HEADER.test(body[at]!.trim())) at++; // a shebang may come first
  const header = body[at] === undefined ? null : HEADER.exec(body[at]!.trim());
  if (header) {
    body.splice(at, 1);
    return { path: header[1]!, text: body.join('\n') };
  }
  const label = block.above === null ? null : LABEL.exec(block.above);
  return label ? { path: label[1]!, text: body.join('\n') } : null;
}

const withNewline = (text: string) => (text === '' || text.endsWith('\n') ? text : `${text}\n`);

export function parseSolution(reply: string): ParsedSolution {
  const out: ParsedSolution = { files: {}, runtime: [], notes: [] };
  let unnamed = 0;
  for (const block of blocks(reply)) {
    const runtime = runtimeListing(block);
    if (runtime) {
      out.runtime.push(...runtime);
      continue;
    }
    const file = named(block);
    if (!file) {
      if (block.body.some((l) => l.trim())) unnamed++;
      continue;
    }
    let path: string;
    try {
      path = workspacePath(file.path);
    } catch (err) {
      out.notes.push(`${file.path} was left out: ${(err as Error).message}`);
      continue;
    }
    if (path in out.files) out.notes.push(`${path} appears more than once: the last one is used`);
    out.files[path] = withNewline(file.text);
  }
  if (unnamed) out.notes.push(`${unnamed} code block${unnamed > 1 ? 's' : ''} without a file name ${unnamed > 1 ? 'were' : 'was'} left out`);
  if (!(RUN_SCRIPT in out.files)) out.notes.push(`no ${RUN_SCRIPT}: nothing can be run`);
  return out;
}

const LANGS: Record<string, string> = { py: 'python', sh: 'bash', json: 'json', md: 'markdown', csv: 'csv', txt: 'text', html: 'html', svg: 'xml' };

/** A project written out in the reply format Fig. 12 asks for (simulated interviewees answer so). */
export function renderSolution(files: Readonly<Record<string, string>>, runtime: readonly string[] = []): string {
  const parts = Object.entries(files).map(([path, text]) => {
    const lang = LANGS[path.split('.').pop() ?? ''] ?? '';
    return `\`\`\`${lang}\n# ${path}\n${withNewline(text)}\`\`\``;
  });
  if (runtime.length) parts.push(`\`\`\`plaintext\n${runtime.map((p) => `# ${p}\n# This file will be created at runtime`).join('\n')}\n\`\`\``);
  return `${parts.join('\n\n')}\n`;
}
