// An interviewee's reply read as a project (the format the paper's instruction prompt asks for,
// Fig. 12): each code block headed by a comment naming its file (`# src/model.py`) is that file;
// `plaintext` blocks listing files "created at runtime" are notes, not files. A block named on
// its opening fence (```python title="src/model.py"```) or by a line just above it (`src/model.py`,
// `**src/model.py**`, `### src/model.py`) is accepted too; a block the reply ends inside (cut
// off) is not. Anything left out is said, never silently dropped.
import { workspacePath } from '../../exec/workspace.ts';
import { fencedBlocks, type FencedBlock } from '../../llm/extract.ts';
import { RUN_SCRIPT } from '../../model/task.ts';

export interface ParsedSolution {
  /** path → text, in the order the reply gave them. */
  files: Record<string, string>;
  /** Files the reply says will be created at runtime. */
  runtime: string[];
  /** What was left out or overridden, in words. */
  notes: string[];
}

/** A relative file path; Windows separators are read as `/`. */
const PATH = String.raw`((?:[\w.-]+[/\\])*[\w.-]+\.[A-Za-z0-9]+)`;
/** A header comment inside a block: `# src/model.py`, `// File: a.js`. */
const HEADER = new RegExp(String.raw`^(?:#|//)\s*(?:file(?:name)?:\s*)?${PATH}\s*$`, 'i');
/** A label just above a block: `src/model.py`, `**src/model.py**`, `### File: src/model.py`, `` `a.py`: ``. */
const LABEL = new RegExp(String.raw`^\s*(?:#{1,6}\s*)?(?:\d+\.\s*)?[*_\`]*(?:file(?:name)?:\s*)?[*_\`]*${PATH}[*_\`]*:?\s*$`, 'i');
/** A name on the opening fence: ```python title="src/model.py"```, ```python:src/model.py```, ```python src/model.py```. */
const INFO = new RegExp(String.raw`^(?:(?:title|file(?:name)?|path)\s*=\s*["']?|:\s*)?${PATH}["']?$`, 'i');
const RUNTIME_NOTE = /created at runtime|generated at runtime|will be created/i;

/** A listed path in a runtime block: a file or a folder (`# results/`). */
const LISTED = /^#\s*((?:[\w.-]+\/)*[\w.-]+\/?)\s*$/;

/** A block that only lists files created at runtime (Fig. 12, step 4). */
function runtimeListing(block: FencedBlock): string[] | null {
  const lines = block.body
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  if (!lines.length) return null;
  const listed = lines.filter((l) => LISTED.test(l));
  const allNotes = lines.every((l) => LISTED.test(l) || RUNTIME_NOTE.test(l));
  if (!allNotes || !listed.length || (!lines.some((l) => RUNTIME_NOTE.test(l)) && !['plaintext', 'text', 'txt'].includes(block.tag))) return null;
  return listed.map((l) => LISTED.exec(l)![1]!);
}

const slashes = (path: string) => path.replace(/\\/g, '/');

/** The file a block holds: its header comment (then dropped from the text), the name on its fence, or the label above it. */
function named(block: FencedBlock): { path: string; text: string } | null {
  const body = block.body.split('\n');
  let at = 0;
  while (at < body.length && !body[at]!.trim()) at++;
  if (body[at]?.startsWith('#!') && !HEADER.test(body[at]!.trim())) at++; // a shebang may come first
  const header = body[at] === undefined ? null : HEADER.exec(body[at]!.trim());
  if (header) {
    body.splice(at, 1);
    return { path: slashes(header[1]!), text: body.join('\n') };
  }
  const label = INFO.exec(block.info) ?? (block.above === null ? null : LABEL.exec(block.above));
  return label ? { path: slashes(label[1]!), text: body.join('\n') } : null;
}

const withNewline = (text: string) => (text === '' || text.endsWith('\n') ? text : `${text}\n`);

export function parseSolution(reply: string): ParsedSolution {
  const out: ParsedSolution = { files: {}, runtime: [], notes: [] };
  let unnamed = 0;
  for (const block of fencedBlocks(reply)) {
    if (!block.closed) {
      if (block.body.trim()) out.notes.push(`${named(block)?.path ?? 'the last code block'} was left out: the reply ends before its block closes (cut off)`);
      continue;
    }
    const runtime = runtimeListing(block);
    if (runtime) {
      out.runtime.push(...runtime);
      continue;
    }
    const file = named(block);
    if (!file) {
      if (block.body.trim()) unnamed++;
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
