// PAIR from the Run page with an LLM feedback model and judge, mocked through page.route: the
// staircase's first hint is regenerated after a rejection, the judge checks the accepted one,
// an edited template changes its hash, nothing hidden reaches the candidate, and the Results
// page shows the Table III leaderboard.
import { pairLog } from '../src/core/protocols/pair/view.ts';
import { createHash } from 'node:crypto';
import { pair } from '../src/core/protocols/pair/pair.ts';
import { expectedText, inputText } from '../src/core/protocols/shared/evidence.ts';
import { expect, screenshot, test } from './fixtures.ts';
import { DEMO, fenced, MOCK_MODEL, mockLlm, type Answer, type MockRequest } from './mock-llm.ts';
import { addMockProvider, runLog, startRun, waitForStatus } from './runs-ui.ts';

const LEAKY_HINT = 'The bug is on line 3 of the program.';
const CLEAN_HINT = 'On some tests the printed answer differs from the expected one.';
const EXTRA = 'Keep the hint under twenty words.';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

type Role = 'candidate' | 'feedback' | 'judge';
const roleOf = (r: MockRequest): Role => {
  const system = r.body.messages[0]?.content ?? '';
  return system.startsWith('You write hints') ? 'feedback' : system.startsWith('You check hints') ? 'judge' : 'candidate';
};

test('PAIR with an LLM feedback model and judge: regenerated hint, judged, edited template, Table III', async ({ app }) => {
  test.setTimeout(300_000);
  // Per instance (one item each), the first hint leaks and its regeneration is clean; a count
  // over all items would interleave when items run at once. An L1 hint's prompt shows no code,
  // so the instance is found by its statement.
  const feedbackCalls = new Map<string, number>();
  const instanceOf = (r: MockRequest) => {
    const found = DEMO.find((i) => r.prompt.includes(i.statement.trim()));
    if (!found) throw new Error('a feedback request names no demo instance');
    return found.id;
  };
  const mock = await mockLlm(app, (r): Answer => {
    const role = roleOf(r);
    if (role === 'judge') return { content: 'PASS' };
    if (role === 'feedback') {
      const id = instanceOf(r);
      const n = feedbackCalls.get(id) ?? 0;
      feedbackCalls.set(id, n + 1);
      return { content: n % 2 === 0 ? LEAKY_HINT : CLEAN_HINT };
    }
    // The candidate: turn 0 returns the buggy program unchanged, the revision returns the reference.
    const turn = r.body.messages.filter((m) => m.role === 'user').length - 1;
    return { content: fenced(turn === 0 ? r.instance!.buggy : r.instance!.reference) };
  });
  await addMockProvider(app);

  const runId = await startRun(app, {
    subset: 'demo',
    turns: 3,
    prepare: async (setup) => {
      await expect(setup.getByTestId('run-protocol')).toHaveValue('pair');
      await setup.getByTestId('run-feedback').selectOption(`mock:${MOCK_MODEL}`);
      await setup.getByTestId('run-judge').selectOption(`mock:${MOCK_MODEL}`);
      await expect(setup.getByTestId('run-size')).toContainText('at most 108 feedback calls to a paid model, at most 108 judge calls to a paid model');
      // Edit the L1 template: its hash changes on the page.
      const templates = setup.getByTestId('templates');
      await templates.locator('summary').click();
      const hash = templates.locator('[data-testid="template-hash"][data-name="hint.L1"]');
      await expect(hash).toHaveText(sha256(pair.templates['hint.L1']!).slice(0, 12));
      await templates.getByRole('button', { name: 'hint.L1', exact: true }).click();
      const text = templates.getByLabel('Template hint.L1');
      await text.fill(`${pair.templates['hint.L1']}\n${EXTRA}`);
      await expect(hash).toHaveText(sha256(`${pair.templates['hint.L1']}\n${EXTRA}`).slice(0, 12));
      await expect(templates.locator('summary')).toContainText('1 edited');
      await screenshot(app, 'pair-setup');
    },
  });
  await waitForStatus(app, 'done', 240_000);
  await expect(app.getByTestId('item-status')).toHaveText(DEMO.map(() => 'done: fixed'));

  const log = await runLog(app, runId);
  expect(log.manifest.protocol).toEqual({ id: 'pair', version: 1 });
  expect(log.manifest.models.map((m) => m.role)).toEqual(['candidate', 'feedback', 'judge']);
  expect(log.manifest.templates?.edited).toEqual(['hint.L1']);
  expect(log.manifest.prompts['pair.hint.L1']).toBe(sha256(`${pair.templates['hint.L1']}\n${EXTRA}`));
  expect(log.manifest.prompts['pair.hint.L2']).toBe(sha256(pair.templates['hint.L2']!));
  for (const item of pairLog(log).items) {
    expect(item.turns).toHaveLength(2);
    const [first, second] = item.turns;
    expect(first!.passed.length).toBe(item.initialPassed!.length);
    const f = second!.feedback!;
    expect(f.level).toBe(1);
    expect(f.scenario!.testIds.length).toBeGreaterThan(0);
    expect(f.scenario!.testIds.every((id) => !first!.passed.includes(id))).toBe(true);
    expect(f.sampleIds!.every((id) => f.scenario!.testIds.includes(id))).toBe(true);
    expect(f.validation!.map((a) => [a.text, a.accepted, a.leaks.map((l) => l.kind), a.judge?.verdict])).toEqual([
      [LEAKY_HINT, false, ['location'], undefined],
      [CLEAN_HINT, true, [], 'pass'],
    ]);
    expect(f.text).toBe(CLEAN_HINT);
    expect(second!.prompt).toContain(CLEAN_HINT);
    expect(second!.calls.map((c) => c.role)).toEqual(['feedback', 'feedback', 'judge', 'candidate']);
  }

  // What each role was sent.
  const sent = (role: Role) => mock.requests.filter((r) => roleOf(r) === role);
  expect(sent('candidate')).toHaveLength(DEMO.length * 2);
  expect(sent('feedback')).toHaveLength(DEMO.length * 2);
  expect(sent('judge')).toHaveLength(DEMO.length);
  for (const r of sent('feedback')) {
    const user = r.body.messages[1]!.content;
    expect(user).toContain(EXTRA); // the edited L1 template
    expect(user).toContain('level-1 hint');
    expect(user).not.toContain('Failing test 1'); // L1's mask: no failing inputs, no reference, no code
    expect(user).not.toContain('Reference solution');
  }
  const leaks: string[] = [];
  for (const r of [...sent('candidate'), ...sent('judge')]) {
    // A judge request names no instance: check it against all of them.
    const text = r.body.messages
      .filter((m) => m.role !== 'assistant')
      .map((m) => m.content)
      .join('\n');
    for (const inst of r.instance ? [r.instance] : DEMO) {
      const hidden = inst.tests
        .flatMap((t) => [inputText(t), expectedText(t) ?? ''])
        .map((x) => x.trim())
        .filter((x) => x.length >= 12 && !inst.statement.includes(x));
      const own = new Set(inst.buggy.split('\n').map((l) => l.trim()));
      const refLines = inst.reference
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l.length >= 10 && !own.has(l));
      for (const v of [...hidden, ...refLines]) if (text.includes(v)) leaks.push(`${roleOf(r)} request ${r.n} holds “${v.slice(0, 40)}” of ${inst.id}`);
    }
  }
  expect(leaks).toEqual([]);

  // Results: the Table III leaderboard and how the run was set up.
  await app.getByRole('link', { name: 'Results of this run' }).click();
  const row = app.getByTestId('leaderboard').getByRole('row').nth(1);
  await expect(row).toContainText(`${MOCK_MODEL} (mock)`);
  const cell = (metric: string) => row.locator(`td[data-metric="${metric}"]`);
  await expect(cell('initialFix')).toHaveText(/^0\.0%/);
  await expect(cell('finalFix')).toHaveText(/^100\.0% \(\+100\.0\)/);
  await expect(cell('trs')).toHaveText(/^100\.0%/);
  await expect(cell('he')).toHaveText(/^6\.00/); // every scenario closed at L1: 7 − 1
  await expect(cell('turnsToFix')).toHaveText(/^1\.00/);
  const facts = app.getByTestId('manifest');
  await facts.locator('summary').click();
  await expect(facts).toContainText('Judge');
  await expect(facts).toContainText('1 edited for this run');
  await screenshot(app, 'pair-results');

  // The edit survives a reload, until it is reset.
  await app.reload();
  await app.getByRole('navigation').getByRole('link', { name: 'Run', exact: true }).click();
  const templates = app.getByTestId('templates');
  await templates.locator('summary').click();
  await expect(templates.locator('summary')).toContainText('1 edited');
  await templates.getByTestId('templates-reset').click();
  await expect(templates.locator('summary')).toContainText('defaults');
});
