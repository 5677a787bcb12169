// What the code editor adds to a bare CodeMirror 6 view: line numbers, Python highlighting and
// indentation (Enter indents after a colon), undo history, and the standard keys. Tab indents,
// so keyboard users leave the editor with Escape then Tab (CodeMirror's tab-focus escape).
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { python } from '@codemirror/lang-python';
import { defaultHighlightStyle, indentUnit, syntaxHighlighting } from '@codemirror/language';
import { EditorState, type Extension } from '@codemirror/state';
import { highlightActiveLine, keymap, lineNumbers } from '@codemirror/view';

export function editorExtensions(): Extension[] {
  return [
    lineNumbers(),
    highlightActiveLine(),
    history(),
    python(),
    syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
    indentUnit.of('    '),
    EditorState.tabSize.of(4),
    keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
  ];
}
