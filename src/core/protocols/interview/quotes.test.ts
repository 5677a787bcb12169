// How much of the reference a hint quotes, and the cut that keeps long quotes from the interviewee.
import { describe, expect, it } from 'vitest';
import { capQuotes, longestQuote } from './quotes.ts';

const reference = {
  'src/model.py': ['def train(xs, ys, rate=0.1, epochs=500):', '    w = [0.0] * len(xs[0])', '    b = 0.0', '    for epoch in range(1, epochs + 1):', '        gw = [0.0] * len(w)', '        for x, y in zip(xs, ys):', '            err = sigmoid(dot(w, x) + b) - y', '    return w, b', ''].join('\n'),
};

describe('reference quotes', () => {
  it('measures the longest run of reference lines, trivial lines not counting and not breaking it', () => {
    const hint = 'Look at this:\n```python\ndef train(xs, ys, rate=0.1, epochs=500):\n    w = [0.0] * len(xs[0])\n    b = 0.0\n    for epoch in range(1, epochs + 1):\n```\nThen fix it.';
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
