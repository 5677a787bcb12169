// What the code editor adds to a bare CodeMirror 6 view: Python highlighting, Python-style
// indentation (Enter keeps the line's indent, and adds one after a colon; Tab and Shift-Tab
// indent and dedent), undo and redo, and select-all. Tab is bound, so keyboard users leave the
// editor with Escape then Tab (CodeMirror's tab-focus escape).
import { python } from '@codemirror/lang-python';
import { defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { Annotation, ChangeSet, EditorSelection, EditorState, StateEffect, StateField, Transaction, type Extension } from '@codemirror/state';
import { highlightActiveLine, keymap, lineNumbers, type Command } from '@codemirror/view';

const UNIT = '    ';

// ---- history: each entry undoes a group of edits (typing within half a second is one group) ----

interface Entry {
  changes: ChangeSet;
  selection: EditorSelection;
  time: number;
  kind: string;
}
interface History {
  done: Entry[];
  undone: Entry[];
}

const fromHistory = Annotation.define<'undo' | 'redo'>();
/** Forget the history (the document was replaced from outside). */
export const resetHistory = StateEffect.define<null>();
const GROUP_MS = 500;
const MAX_ENTRIES = 200;

const history = StateField.define<History>({
  create: () => ({ done: [], undone: [] }),
  update(h, tr) {
    if (tr.effects.some((e) => e.is(resetHistory))) return { done: [], undone: [] };
    if (!tr.docChanged || tr.annotation(Transaction.addToHistory) === false) return h;
    const entry: Entry = { changes: tr.changes.invert(tr.startState.doc), selection: tr.startState.selection, time: Date.now(), kind: tr.annotation(Transaction.userEvent)?.split('.')[0] ?? 'edit' };
    const action = tr.annotation(fromHistory);
    // Replaying an entry moves it to the other stack, as the edit that takes it back.
    if (action === 'undo') return { done: h.done.slice(0, -1), undone: [...h.undone, entry] };
    if (action === 'redo') return { done: [...h.done, entry], undone: h.undone.slice(0, -1) };
    const last = h.done.at(-1);
    if (last && entry.time - last.time < GROUP_MS && last.kind === entry.kind && (entry.kind === 'input' || entry.kind === 'delete')) {
      // Undoing the group undoes this edit, then the earlier ones.
      return { done: [...h.done.slice(0, -1), { ...last, changes: entry.changes.compose(last.changes), time: entry.time }], undone: [] };
    }
    return { done: [...h.done, entry].slice(-MAX_ENTRIES), undone: [] };
  },
});

function replay(action: 'undo' | 'redo'): Command {
  return (view) => {
    const h = view.state.field(history);
    const entry = (action === 'undo' ? h.done : h.undone).at(-1);
    if (!entry) return false;
    view.dispatch({ changes: entry.changes, selection: entry.selection, annotations: fromHistory.of(action), userEvent: action, scrollIntoView: true });
    return true;
  };
}

// ---- indentation ----

const leading = (text: string) => /^[ \t]*/.exec(text)![0];

const newlineAndIndent: Command = (view) => {
  view.dispatch(
    view.state.changeByRange((range) => {
      const line = view.state.doc.lineAt(range.from);
      const before = line.text.slice(0, range.from - line.from);
      const indent = leading(line.text).slice(0, before.length) + (/:\s*(#.*)?$/.test(before) ? UNIT : '');
      const insert = `\n${indent}`;
      return { changes: { from: range.from, to: range.to, insert }, range: EditorSelection.cursor(range.from + insert.length) };
    }),
    { userEvent: 'input', scrollIntoView: true },
  );
  return true;
};

/** The lines a selection touches. */
function linesOf(state: EditorState): number[] {
  const out = new Set<number>();
  for (const r of state.selection.ranges) {
    const first = state.doc.lineAt(r.from).number;
    const last = state.doc.lineAt(r.to > r.from && state.doc.lineAt(r.to).from === r.to ? r.to - 1 : r.to).number;
    for (let n = first; n <= last; n++) out.add(n);
  }
  return [...out];
}

const indentMore: Command = (view) => {
  const { state } = view;
  if (state.selection.ranges.every((r) => r.empty)) {
    view.dispatch(
      state.changeByRange((r) => {
        const column = r.from - state.doc.lineAt(r.from).from;
        const insert = ' '.repeat(UNIT.length - (column % UNIT.length));
        return { changes: { from: r.from, insert }, range: EditorSelection.cursor(r.from + insert.length) };
      }),
      { userEvent: 'input' },
    );
    return true;
  }
  view.dispatch({ changes: linesOf(state).map((n) => ({ from: state.doc.line(n).from, insert: UNIT })), userEvent: 'input.indent' });
  return true;
};

const indentLess: Command = (view) => {
  const { state } = view;
  const changes = linesOf(state).flatMap((n) => {
    const line = state.doc.line(n);
    const width = Math.min(UNIT.length, /^ */.exec(line.text)![0].length);
    return width ? [{ from: line.from, to: line.from + width }] : [];
  });
  if (changes.length) view.dispatch({ changes, userEvent: 'delete.dedent' });
  return true;
};

const selectAll: Command = (view) => {
  view.dispatch({ selection: EditorSelection.single(0, view.state.doc.length), userEvent: 'select' });
  return true;
};

export function editorExtensions(): Extension[] {
  return [
    history,
    lineNumbers(),
    highlightActiveLine(),
    python(),
    syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
    EditorState.tabSize.of(4),
    keymap.of([
      { key: 'Enter', run: newlineAndIndent },
      { key: 'Tab', run: indentMore, shift: indentLess },
      { key: 'Mod-z', run: replay('undo'), preventDefault: true },
      { key: 'Mod-y', run: replay('redo'), preventDefault: true },
      { key: 'Mod-Shift-z', run: replay('redo'), preventDefault: true },
      { key: 'Mod-a', run: selectAll },
    ]),
  ];
}
