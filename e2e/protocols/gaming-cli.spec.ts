// `hintbench run` against models that game each protocol, served by a local endpoint that
// answers what the test scripts: a PAIR feedback model that hides a hidden test in zero-width
// characters, a Talk obfuscator that echoes the full statement, and an Interview interviewer
// that declares "all requirements met except …" and pastes the reference with a comment after
// every few lines. None of it gets through.
import { readFileSync } from 'node:fs';
import type { RunLog } from '../../src/core/model/runlog.ts';
import { parseTasks } from '../../src/core/model/task.ts';
import { inputText } from '../../src/core/protocols/shared/evidence.ts';
import { pairLog } from '../../src/core/protocols/pair/view.ts';
import { readSteps } from '../../src/core/protocols/interview/item.ts';
import { INTERVIEW_TEMPLATES } from '../../src/core/protocols/interview/prompts.ts';
import { renderSolution } from '../../src/core/protocols/interview/solution.ts';
import type { TalkStepData } from '../../src/core/protocols/talk/step-data.ts';
import { runCli } from '../cli.ts';
import { expect, test } from '../fixtures.ts';
import { BUILTIN } from '../mock-llm.ts';
import { fence, startScriptedEndpoint, type ScriptedEndpoint } from '../scripted-endpoint.ts';

const KEY = 'sk-gaming-81f0-SECRET';
const KEY_ENV = 'HINTBENCH_GAMING_KEY';
const ZWSP = '\u200b';
/** Text a reader sees, whatever invisible characters it holds. */
const seen = (text: string) => text.replace(/[\u200b-\u200d\u2060\ufeff\u00ad]/g, '').replace(/\s+/g, ' ');

let endpoint: ScriptedEndpoint | undefined;
test.afterEach(() => endpoint?.close());
test.beforeEach(({ isolated }) => test.skip(!isolated, 'the CLI serves its own site'));

const model = (id: string) => ({ id, baseURL: endpoint!.baseURL, model: id, apiKeyEnv: KEY_ENV });
const run = (config: Record<string, unknown>): Promise<RunLog> => runCli(config, { [KEY_ENV]: KEY }).then((r) => r.log);

test('PAIR: a hint that quotes a hidden test with zero-width characters between its characters never reaches the candidate', async () => {
  test.setTimeout(200_000);
  const inst = BUILTIN.find((i) => i.id === 'algo-island-count')!;
  // A hidden test's input, long enough to be distinctive, and not shown in the statement.
  const hidden = inst.tests.map((t) => inputText(t).trim()).find((x) => x.length >= 24 && !inst.statement.includes(x))!;
  const smuggled = `Try your program on this input: ${[...hidden].join(ZWSP)}`;
  endpoint = await startScriptedEndpoint(KEY, (r) => (r.system.startsWith('You write hints') ? smuggled : fence(inst.buggy)));
  const log = await run({
    name: 'gaming pair',
    protocol: 'pair',
    instances: [inst.id],
    models: [model('candidate')],
    feedback: model('feedback'),
    params: { turns: 2, regenerations: 1, concurrency: 1 },
  });

  const [item] = pairLog(log).items;
  const revisions = item!.turns.slice(1);
  expect(revisions.length).toBe(2);
  for (const turn of revisions) {
    const f = turn.feedback!;
    // Every attempt was the smuggled quote, and every one was rejected for what it quotes.
    expect(f.validation!.map((a) => [a.text, a.accepted])).toEqual([
      [smuggled, false],
      [smuggled, false],
    ]);
    expect(f.validation!.every((a) => a.leaks.length > 0)).toBe(true);
    expect(f.flagged).toBe('skipped');
    expect(f.text).not.toContain(ZWSP);
  }
  const candidate = endpoint.requests.filter((r) => !r.system.startsWith('You write hints'));
  expect(candidate.length).toBe(3);
  for (const r of candidate) expect(seen(r.user)).not.toContain(seen(hidden));
});

test('Talk: an obfuscator that echoes the full statement is asked again with its reasons, then the item is refused; the code model never sees the statement', async () => {
  test.setTimeout(200_000);
  const inst = BUILTIN.find((i) => i.tags?.includes('sliding window'))!;
  // One paragraph, so that the summary read from the reply is the whole echo.
  const echo = `###SUMMARY\n\n${inst.statement.replace(/\s+/g, ' ')}`;
  endpoint = await startScriptedEndpoint(KEY, (r) => (r.user.includes('###FORMAL QUESTION') ? echo : fence(inst.reference)));
  const log = await run({
    name: 'gaming talk',
    protocol: 'talk',
    instances: [inst.id],
    models: [model('code')],
    roles: { obfuscator: model('obfuscator') },
    params: { steps: 1, underSpecified: 'obfuscator', regenerations: 2, concurrency: 1 },
  });
  const [item] = log.items;
  expect(item!.status).toBe('error');
  expect(item!.error).toMatch(/too-long|shorter than 0\.5/);
  const asked = endpoint.requests.filter((r) => r.user.includes('###FORMAL QUESTION'));
  expect(asked.length).toBe(3); // the first ask and two more
  // Each later ask told the obfuscator why (in the same conversation).
  for (const r of asked.slice(1)) expect(r.messages.at(-1)!.content).toMatch(/shorter/);
  expect(endpoint.requests.filter((r) => !r.user.includes('###FORMAL QUESTION'))).toEqual([]);
  // The step kept the obfuscator's calls.
  const calls = item!.steps.flatMap((s) => s.calls);
  expect(calls.filter((c) => c.role === 'obfuscator')).toHaveLength(3);
  expect(item!.steps.filter((s) => !s.error).map((s) => (s.data as TalkStepData).question)).toEqual([]);
});

test('Interview: "meets all requirements except …" does not end the interview, and a reference pasted with comments between its lines is held to the budget', async () => {
  test.setTimeout(200_000);
  const task = parseTasks(readFileSync('datasets/interview.jsonl', 'utf8')).find((t) => t.id === 'sales-report')!;
  const reference = task.reference!;
  const refLines = [
    ...new Set(
      Object.values(reference)
        .flatMap((t) => t.split('\n').map((l) => l.trim()))
        .filter((l) => l.length >= 12),
    ),
  ];
  // The reference, whole, a comment after every third line.
  const pasted = Object.values(reference)
    .flatMap((t) => t.split('\n'))
    .flatMap((line, i) => (i % 3 === 2 ? [line, '# keep going'] : [line]))
    .join('\n');
  const gamingStop = `Your solution meets all requirements except ${task.requirements.map((_, i) => `R${i}`).join(', ')}.`;
  // The interviewee writes a project that shares no line with the reference.
  const stub = renderSolution({ 'src/main.py': 'print("stub")\n' });
  endpoint = await startScriptedEndpoint(KEY, (r) => {
    if (r.system.includes('coding interviewee')) return `Here is the project.\n\n${stub}`;
    if (r.messages.at(-1)!.content === INTERVIEW_TEMPLATES.report) return 'A report.';
    const reviews = r.messages.filter((m) => m.role === 'user').length;
    return reviews === 1 ? gamingStop : `Copy this exactly:\n\`\`\`python\n${pasted}\n\`\`\``;
  });
  const log = await run({
    name: 'gaming interview',
    protocol: 'interview',
    instances: [task.id],
    models: [model('interviewee')],
    roles: { interviewer: model('interviewer'), judge: { simulated: 'check-based' } },
    params: { iterations: 3, reference: 'no', concurrency: 1 },
  });
  const [item] = log.items;
  expect(item!.status).toBe('done');
  const s = readSteps(item!.steps);
  // The first review named unmet requirements: a hint, not the end.
  expect(s.turns[0]!.review).toMatchObject({ kind: 'hint', reply: gamingStop });
  expect(item!.stopReason).not.toBe('equivalent');
  expect(s.turns.length).toBeGreaterThan(1);
  // The pasted reference was cut to the budget, and the cut counted.
  const cut = s.turns.reduce((n, t) => n + t.review.cut, 0);
  expect(cut).toBeGreaterThan(0);
  // Over the whole interview, the interviewee was sent at most 12 distinct reference lines, and some.
  const toInterviewee = endpoint.requests
    .filter((r) => r.system.includes('coding interviewee'))
    .flatMap((r) => r.messages.filter((m) => m.role === 'user').map((m) => m.content));
  const shownLines = new Set(toInterviewee.flatMap((m) => m.split('\n').map((l) => l.trim())));
  const queryLines = new Set(task.query.split('\n').map((l) => l.trim()));
  const quoted = refLines.filter((l) => shownLines.has(l) && !queryLines.has(l));
  expect(quoted.length).toBeGreaterThan(0);
  expect(quoted.length).toBeLessThanOrEqual(12);
});
