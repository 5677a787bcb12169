// Highlighted lines stay balanced HTML when a string spans lines, and program text is escaped.
import { describe, expect, it } from 'vitest';
import { highlightLines } from './highlight.ts';

describe('highlightLines', () => {
  it('closes a span at a line break and reopens it on the next line', () => {
    expect(highlightLines('s = """a\nb"""\nx = 1  # <b>')).toEqual([
      's = <span class="hljs-string">&quot;&quot;&quot;a</span>',
      '<span class="hljs-string">b&quot;&quot;&quot;</span>',
      'x = <span class="hljs-number">1</span>  <span class="hljs-comment"># &lt;b&gt;</span>',
    ]);
  });

  it('gives one line per line of the program', () => {
    expect(highlightLines('a\n\nb\n')).toEqual(['a', '', 'b', '']);
  });
});
