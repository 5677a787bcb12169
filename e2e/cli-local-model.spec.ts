// `hintbench run` with an in-browser model named by a file on this machine: the tiny model
// (written at test time; a split model, so every part is found from the one named) runs
// through the built site in headless Chromium with no key, no GPU and no network. Its PAIR
// item ends with no code in any turn (its replies are nonsense, always cut at the limit),
// every candidate call records its seed and usage and costs $0, and the report says so.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from './cli.ts';
import { expect, test } from './fixtures.ts';
import { writeTinyModel } from './tiny-model.ts';

test.beforeEach(({ isolated }) => test.skip(!isolated, 'the CLI serves its own site'));

test('hintbench run takes an in-browser model from a file', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'hintbench-tiny-'));
  const parts = writeTinyModel(dir, 'tiny-cli', { splits: 2 });
  const { log, stdout } = await runCli(
    {
      protocol: 'pair',
      instances: ['algo-island-count'],
      models: [{ id: 'tiny', inBrowser: parts[1], maxTokens: 40 }],
      feedback: { simulated: 'rule-based' },
      params: { turns: 1, retryTruncated: false },
    },
    {},
  );
  const [model] = log.manifest.models;
  expect(model).toMatchObject({ id: 'tiny', model: 'tiny-cli', provider: { preset: 'inbrowser', baseURL: 'in-browser:' }, maxTokens: 40, maxConcurrency: 1 });
  const item = log.items[0]!;
  expect(item.status).toBe('done');
  expect(item.steps.every((s) => !s.evaluation)).toBe(true);
  const calls = item.steps.flatMap((s) => s.calls).filter((c) => c.role === 'candidate');
  expect(calls.length).toBe(2);
  for (const c of calls) {
    expect(c).toMatchObject({ truncated: true, maxTokens: 40, costUsd: 0, streamed: true });
    expect(c.usage?.completionTokens).toBe(40);
    expect(Number.isInteger(c.seed)).toBe(true);
  }
  expect(stdout).toMatch(/tiny-cli \(in this browser\)\s+1\s+0\.0/);
  expect(stdout).toContain('$0.0000');
  expect(stdout).toContain('2 replies cut off by the token limit');
});
