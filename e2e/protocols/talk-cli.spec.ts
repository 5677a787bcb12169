// `hintbench run` with the Talk protocol against an OpenAI-compatible server on 127.0.0.1 that
// plays every role — the code model, the user, the judge and the obfuscator — and answers some
// requests with 429 (retry-after) and 500: the run completes, and its log holds every feedback
// with its type and claim, the obfuscated statements, and the retries.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Instance } from '../../src/core/model/instance.ts';
import type { TalkStepData } from '../../src/core/protocols/talk/step-data.ts';
import { parseRunLog } from '../../src/core/runner/export.ts';
import { expect, test } from '../fixtures.ts';
import { completion } from '../local-endpoint.ts';
import { BUILTIN } from '../mock-llm.ts';

const run = promisify(execFile);
const KEY = 'sk-talk-local-31c4-ENVKEY';
const INSTANCES = BUILTIN.filter((i) => i.tags?.includes('sliding window'));
const fence = (code: string) => `Here is my solution.\n\n\`\`\`python\n${code}\`\`\`\n`;

/** One endpoint for every role, told apart by their prompts; every third request fails once. */
async function talkEndpoint() {
  const seen = { code: 0, user: 0, judge: 0, obfuscator: 0, rateLimited: 0, failed: 0, auth: new Set<string>() };
  const byTitle = (text: string) => INSTANCES.find((i) => text.includes(i.title));
  const byProgram = (text: string) => INSTANCES.find((i) => text.includes(i.buggy.trim()));
  let n = 0;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const json = (status: number, value: unknown, headers: Record<string, string> = {}) =>
        res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(value));
      seen.auth.add(req.headers.authorization ?? '');
      if (req.headers.authorization !== `Bearer ${KEY}`) return json(401, { error: { message: 'bad key' } });
      n++;
      if (n % 6 === 2) {
        seen.rateLimited++;
        return json(429, { error: { message: 'slow down' } }, { 'retry-after-ms': '300' });
      }
      if (n % 6 === 4) {
        seen.failed++;
        return json(500, { error: { message: 'upstream failed' } });
      }
      const request = JSON.parse(body) as { model: string; messages: { role: string; content: string }[] };
      const prompt = request.messages.map((m) => m.content).join('\n');
      let content: string;
      if (prompt.includes('###FORMAL QUESTION')) {
        seen.obfuscator++;
        const inst = byTitle(prompt.slice(prompt.indexOf('###FORMAL QUESTION')))!;
        content = `###SUMMARY\n\nSolve ${inst.title}.`;
      } else if (prompt.includes('Does this feedback claim')) {
        seen.judge++;
        content = 'INCORRECT';
      } else if (request.messages[0]!.content.startsWith('You are an expert human programmer')) {
        seen.user++;
        content =
          'The solution misses a case the full problem describes: look again at how the window positions and the ties between equally good answers are handled.';
      } else {
        seen.code++;
        const inst = byProgram(prompt);
        content = fence(inst ? inst.reference : byTitle(prompt)!.buggy);
      }
      json(200, completion(n, request.model, content, { prompt: Math.ceil(prompt.length / 4), completion: Math.ceil(content.length / 4) }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return { baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, seen, close: () => new Promise<void>((r) => server.close(() => r())) };
}

test.beforeEach(({ isolated }) => test.skip(!isolated, 'the CLI serves its own site'));

test('a Talk run against a local server in every role survives its 429s and 500s and logs every feedback', async () => {
  test.setTimeout(300_000);
  const endpoint = await talkEndpoint();
  try {
    const dir = mkdtempSync(join(tmpdir(), 'hintbench-talk-'));
    const model = (id: string) => ({ id, baseURL: endpoint.baseURL, model: `local-${id}`, apiKeyEnv: 'HINTBENCH_TALK_KEY' });
    writeFileSync(
      join(dir, 'run.json'),
      JSON.stringify({
        name: 'talk local',
        subset: 'sliding window',
        protocol: 'talk',
        models: [model('coder')],
        roles: { user: model('user'), judge: model('judge'), obfuscator: model('obfuscator') },
        params: { setting: 'paragraph', steps: 3, underSpecified: 'obfuscator', concurrency: 2, maxRetries: 4 },
      }),
    );
    const out = join(dir, 'results.json');
    const r = await run('node', ['cli/hintbench.js', 'run', '--config', join(dir, 'run.json'), '--out', out], {
      env: { ...process.env, HINTBENCH_TALK_KEY: KEY },
      timeout: 280_000,
      maxBuffer: 64 << 20,
    }).then(
      (x) => ({ code: 0, ...x }),
      (e: { code: number; stdout: string; stderr: string }) => e,
    );
    expect(r.code, r.stderr).toBe(0);
    expect(endpoint.seen.rateLimited).toBeGreaterThan(0);
    expect(endpoint.seen.failed).toBeGreaterThan(0);
    expect([...endpoint.seen.auth]).toEqual([`Bearer ${KEY}`]);
    const text = readFileSync(out, 'utf8');
    expect(text).not.toContain(KEY);
    const log = await parseRunLog(text);
    expect(log.manifest.models.map((m) => [m.role, m.simulated])).toEqual([
      ['code', false],
      ['user', false],
      ['judge', false],
      ['obfuscator', false],
    ]);
    expect(log.items).toHaveLength(INSTANCES.length);
    for (const item of log.items) {
      expect(item).toMatchObject({ status: 'done', stopReason: 'solved' });
      const steps = item.steps.filter((s) => !s.error);
      const data = steps.map((s) => s.data as TalkStepData);
      const instance = INSTANCES.find((i) => i.id === item.instanceId) as Instance;
      // Step 0: the obfuscator's statement, asked once for the instance.
      expect(data[0]!.question).toEqual({ kind: 'under', text: `Solve ${instance.title}.` });
      expect(data[0]!.obfuscation).toEqual({ source: 'obfuscator', model: 'obfuscator', made: true });
      // Every later step: the feedback, its type and its claim, and the calls that made them.
      for (const d of data.slice(1)) {
        expect(d.feedback).toMatchObject({ type: 'paragraph', claim: { verdict: 'incorrect', judged: 'incorrect' } });
        expect(d.feedback!.text).toMatch(/^The solution misses a case/);
        expect(d.feedback!.attempts).toEqual([{ text: d.feedback!.text, accepted: true, problems: [] }]);
      }
      expect(steps.slice(1).map((s) => s.calls.map((c) => c.role))).toEqual(steps.slice(1).map(() => ['user', 'judge', 'code']));
    }
    // The failed attempts were retried (each call records how many times).
    const calls = log.items.flatMap((i) => i.steps.flatMap((s) => s.calls));
    expect(calls.reduce((n, c) => n + c.retries, 0)).toBe(endpoint.seen.rateLimited + endpoint.seen.failed);
    expect(calls.every((c) => c.error === undefined && c.content !== null)).toBe(true);
    expect(endpoint.seen.obfuscator).toBe(INSTANCES.length);
    expect(r.stdout).toContain('talk, Paragraph, 3 steps');
    expect(r.stdout).toMatch(/TCA % ↑/);
  } finally {
    await endpoint.close();
  }
});
