// Reference traces in the real sandbox: the reference lines each test executes.
// (Their cache by program hash and test id is unit-tested in src/core/exec/engine.test.ts.)
import type { Instance } from '../src/core/model/instance.ts';
import { expect, test } from './fixtures.ts';

const instance: Instance = {
  id: 'sign',
  title: 'Sign',
  source: { name: 'trace fixture' },
  statement: 'Print the sign of n.',
  language: 'python',
  buggy: 'print("positive")',
  reference: 'n = int(input())\nif n > 0:\n    print("positive")\nelif n < 0:\n    print("negative")\nelse:\n    print("zero")',
  testKind: 'stdio',
  tests: [
    { id: 'pos', input: '5\n', expected: 'positive\n' },
    { id: 'neg', input: '-2\n', expected: 'negative\n' },
    { id: 'zero', input: '0\n', expected: 'zero\n' },
  ],
};

test('reference traces give the lines each test executes', async ({ app }) => {
  const traces = await app.evaluate((inst) => window.hintbench.traces(inst), instance);
  expect(traces).toEqual({ pos: [1, 2, 3], neg: [1, 2, 4, 5], zero: [1, 2, 4, 7] });
});
