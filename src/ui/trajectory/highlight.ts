// Python highlighted line by line. highlight.js works on the whole program (so strings and
// comments spanning lines are coloured right) and escapes it; a span left open at a line break
// is closed at the end of that line and reopened on the next, so every line is balanced HTML.
import hljs from 'highlight.js/lib/core';
import python from 'highlight.js/lib/languages/python';

if (!hljs.getLanguage('python')) hljs.registerLanguage('python', python);

const TAG = /<span[^>]*>|<\/span>/g;

export function highlightLines(code: string): string[] {
  const html = hljs.highlight(code, { language: 'python', ignoreIllegals: true }).value;
  const open: string[] = [];
  return html.split('\n').map((raw) => {
    const reopened = open.join('');
    for (const [tag] of raw.matchAll(TAG)) {
      if (tag === '</span>') open.pop();
      else open.push(tag);
    }
    return reopened + raw + '</span>'.repeat(open.length);
  });
}
