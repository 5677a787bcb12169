// How much of the reference a hint quotes, and the interview-wide budget that keeps the reference from the interviewee.
import { describe, expect, it } from 'vitest';
import { capQuotes, longestQuote, quotedReferenceLines } from './quotes.ts';

const reference = {
  'src/model.py': [
    'def train(xs, ys, rate=0.1, epochs=500):',
    '    w = [0.0] * len(xs[0])',
    '    b = 0.0',
    '    for epoch in range(1, epochs + 1):',
    '        gw = [0.0] * len(w)',
    '        for x, y in zip(xs, ys):',
    '            err = sigmoid(dot(w, x) + b) - y',
    '    return w, b',
    '',
  ].join('\n'),
};

describe('reference quotes', () => {
  it('measures the longest run of reference lines, trivial lines not counting and not breaking it', () => {
    const hint =
      'Look at this:\n```python\ndef train(xs, ys, rate=0.1, epochs=500):\n    w = [0.0] * len(xs[0])\n    b = 0.0\n    for epoch in range(1, epochs + 1):\n```\nThen fix it.';
    expect(longestQuote(hint, reference)).toBe(3); // "b = 0.0" is too short to tell
    expect(longestQuote('Use a learning rate of 0.1.', reference)).toBe(0);
  });

  it('cuts a quote longer than the limit after its first lines, and says so', () => {
    const whole = `Here is all of it:\n${reference['src/model.py']}Good luck.`;
    const capped = capQuotes(whole, reference, 2);
    expect(capped.cut).toBe(4); // six quotable lines ("b = 0.0", "return w, b" are too short to tell), two kept
    expect(capped.text).toContain('w = [0.0] * len(xs[0])');
    expect(capped.text).not.toContain('gw = [0.0] * len(w)');
    expect(capped.text).toContain('[… 4 more lines of the reference left out …]');
    expect(longestQuote(capped.text, reference)).toBeLessThanOrEqual(2);
    expect(capQuotes('A short hint.', reference, 2)).toEqual({ text: 'A short hint.', cut: 0 });
  });
});

describe('the reference budget of an interview', () => {
  // A reference of 82 distinct quotable lines, as the hostile interviewer's.
  const long = {
    'src/pipeline.py': Array.from({ length: 82 }, (_, i) => `    value_${i} = compute_step(value_${i === 0 ? 0 : i - 1}, ${i})`).join('\n') + '\n',
  };
  const refLines = long['src/pipeline.py'].trimEnd().split('\n');

  it('counts every reference line in a hint, not only runs: a comment after every 10th line does not reset it', () => {
    const interleaved = refLines.flatMap((l, i) => ((i + 1) % 10 === 0 ? [l, `# note ${i}: keep going`] : [l])).join('\n');
    const capped = capQuotes(`Here is how the reference does it:\n${interleaved}\nThat is all.`, long, 12);
    expect(quotedReferenceLines(capped.text, long).size).toBe(12);
    expect(capped.cut).toBe(70);
    expect(capped.text).toContain('Here is how the reference does it:');
    expect(capped.text).toContain('That is all.');
    for (const l of refLines.slice(12)) expect(capped.text).not.toContain(l.trim());
  });

  it('counts lines quoted with a comment appended, a prefix, invisible characters or broken across lines', () => {
    const disguised = [
      `${refLines[0]}  # look here`,
      `> ${refLines[1]}`,
      `12: ${refLines[2]}`,
      refLines[3]!.replace(/=/, '\u200B=\u200B'),
      refLines[4]!.replace(', ', ',\n    '),
      `${refLines[5]!.trim()}; ${refLines[6]!.trim()}`,
    ].join('\n');
    expect(quotedReferenceLines(disguised, long).size).toBe(7);
    const capped = capQuotes(disguised, long, 3);
    expect(capped.cut).toBe(4);
    expect(quotedReferenceLines(capped.text, long).size).toBe(3);
  });

  it('spends one budget over the interview: lines delivered in earlier hints count, and may be quoted again for free', () => {
    const hints = [0, 1, 2, 3, 4, 5, 6, 7].map((k) => `Hint ${k}:\n${refLines.slice(k * 10, k * 10 + 10).join('\n')}`);
    const delivered: string[] = [];
    let cut = 0;
    for (const hint of hints) {
      const capped = capQuotes(hint, long, 12, delivered);
      delivered.push(capped.text);
      cut += capped.cut;
    }
    const seen = new Set(delivered.flatMap((h) => [...quotedReferenceLines(h, long)]));
    expect(seen.size).toBe(12);
    expect(cut).toBe(68);
    // Quoting again what the interviewee already got costs nothing.
    expect(capQuotes(`Again:\n${refLines.slice(0, 12).join('\n')}`, long, 12, delivered)).toMatchObject({ cut: 0 });
  });
});
