// `hintbench run` with the Interview protocol against an OpenAI-compatible endpoint on
// 127.0.0.1 playing the interviewee, the interviewer, the judge and the embeddings: the run
// completes through 429s and 500s, the reference never reaches the interviewee (though the
// interviewer pastes a whole file of it), the retrieval is the endpoint's embeddings, and
// `hintbench report` prints the base vs guided table.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parseTasks, RUN_SCRIPT } from '../../src/core/model/task.ts';
import { readSteps } from '../../src/core/protocols/interview/item.ts';
import { longestQuote } from '../../src/core/protocols/interview/quotes.ts';
import { parseRunLog } from '../../src/core/runner/export.ts';
import { expect, test } from '../fixtures.ts';
import { roleOf, startInterviewEndpoint } from './interview-endpoint.ts';

const run = promisify(execFile);
const cli = (args: string[], env: Record<string, string> = {}) =>
  run('node', ['cli/hintbench.js', ...args], { env: { ...process.env, ...env }, timeout: 300_000, maxBuffer: 64 << 20 }).then(
    (r) => ({ code: 0, ...r }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );

const TASK = parseTasks(readFileSync('datasets/interview.jsonl', 'utf8')).find((t) => t.id === 'sales-report')!;

test('hintbench run: an interview against a local endpoint survives its 429s and 500s, and the reference never reaches the interviewee', async () => {
  test.setTimeout(300_000);
  const key = 'sk-local-interview-7c1d-SECRET';
  // Request 1 gets a 429 (retry-after 1 s), requests 4 and 5 a 500 each: the same call fails twice before it goes through.
  const endpoint = await startInterviewEndpoint(key, TASK, { 1: 429, 4: 500, 5: 500 });
  try {
    const dir = mkdtempSync(join(tmpdir(), 'hintbench-interview-'));
    const config = join(dir, 'run.json');
    const model = (id: string) => ({ id, baseURL: endpoint.baseURL, model: `${id}-model`, apiKeyEnv: 'HINTBENCH_INTERVIEW_KEY' });
    writeFileSync(
      config,
      JSON.stringify({
        name: 'interview, local endpoint',
        protocol: 'interview',
        instances: [TASK.id],
        models: [model('ee')],
        roles: { interviewer: model('er'), judge: model('judge'), embeddings: model('embed') },
        params: { iterations: 2, reference: 'no', maxRetries: 4 },
      }),
    );
    const out = join(dir, 'results.json');
    const r = await cli(['run', '--config', config, '--out', out], { HINTBENCH_INTERVIEW_KEY: key });
    expect(r.code, r.stderr).toBe(0);
    const text = readFileSync(out, 'utf8');
    expect(text).not.toContain(key);
    const log = await parseRunLog(text);
    const [item] = log.items;
    expect([item!.status, item!.stopReason]).toEqual(['done', 'over']);

    // The faults were met and retried: the calls record their retries, and every call succeeded in the end.
    expect(endpoint.seen.filter((s) => s.status === 429 || s.status === 500).map((s) => s.status)).toEqual([429, 500, 500]);
    const calls = item!.steps.flatMap((s) => s.calls);
    expect(calls.every((c) => c.error === undefined)).toBe(true);
    expect(calls.map((c) => c.retries).reduce((a, b) => a + b, 0)).toBe(3);

    // The conversation: the unguided attempt, the guided start with the defect, a hint, the fix, the interviewer's stop.
    const s = readSteps(item!.steps);
    expect(s.unguided!.run.checks.map((c) => c.passed)).toEqual([true, false, true, true, true]);
    expect(s.turns.map((t) => t.review.kind)).toEqual(['hint', 'over']);
    expect(s.turns[1]!.run.checks.every((c) => c.passed)).toBe(true);
    expect(s.report!.text).toContain('Overall, one hint sufficed.');
    expect([s.judgeUnguided!.retrieval, s.judgeGuided!.retrieval]).toEqual(['embeddings', 'embeddings']);

    // No request to the interviewee holds the reference: the pasted file was cut to the allowed quote.
    const toInterviewee = endpoint.seen.filter((x) => x.status === 200 && x.body.messages && roleOf(x.body.messages) === 'interviewee');
    expect(toInterviewee.length).toBe(3);
    for (const req of toInterviewee) {
      for (const m of req.body.messages!.filter((x) => x.role !== 'assistant')) {
        for (const [path, body] of Object.entries(TASK.reference!))
          if (path !== RUN_SCRIPT) expect(m.content.includes(body.trim()), `${path} in a message to the interviewee`).toBe(false);
        expect(longestQuote(m.content, TASK.reference!)).toBeLessThanOrEqual(12);
      }
    }
    expect(s.turns[0]!.review.cut).toBeGreaterThan(0);
    const toInterviewer = endpoint.seen.filter((x) => x.status === 200 && x.body.messages && roleOf(x.body.messages) === 'interviewer');
    expect(toInterviewer.every((x) => x.body.messages![1]!.content.includes('[START OF REFERENCE SOLUTION]'))).toBe(true);

    // What the run printed, and `hintbench report` on its file.
    expect(r.stdout).toContain('interview, local endpoint — interview');
    expect(r.stdout).toContain('Retrieval: embeddings (embed-model');
    const report = await cli(['report', out]);
    expect(report.code).toBe(0);
    const header = report.stdout.split('\n').find((l) => l.startsWith('Model  '))!;
    expect(header).toMatch(/S′_G checks %\s+S_G checks %\s+Gain checks %\s+S′_G judge %\s+S_G judge %\s+Gain judge %/);
    const row = report.stdout.split('\n').find((l) => l.startsWith('ee-model'))!;
    expect(row).toMatch(/100\.0.*40\.0.*60\.0/); // by the checks: S′_G 100%; S_G 40% (R1 missed, so R3 and R4 after it earn nothing); gain 60 points
  } finally {
    await endpoint.close();
  }
});
