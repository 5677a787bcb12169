// The Interview's seats in whole sessions, each played by a script through the runner in Pyodide
// (Node): a person builds the server-log project (part of it alone, all of it after a hint of
// the rule-based interviewer), and a person guides a simulated interviewee (a hint, the end, the
// report). Each log records the person in their role, and its stored scores are its items' own.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TrustedNodeExecutor } from '../../../../workers/node-executor.ts';
import { parseTasks, RUN_SCRIPT } from '../../model/task.ts';
import type { RunConfig } from '../../runner/setup.ts';
import { runInMemory } from '../../runner/test-run.ts';
import { PersonSeat } from '../../teach/seat.ts';
import { hintOutcomes } from './class-view.ts';
import { interview } from './interview.ts';
import { readSteps } from './item.ts';
import { STOP_TOKEN } from './prompts.ts';
import { INTERVIEWEE_SEAT, INTERVIEWER_SEAT, projectAnswer, type IntervieweeTurn, type InterviewerTurn } from './seats.ts';

const task = parseTasks(readFileSync(new URL('../../../../datasets/interview.jsonl', import.meta.url), 'utf8')).find((t) => t.id === 'server-logs')!;
const reference = task.reference!;
const executor = new TrustedNodeExecutor(256);
const deps = { executor, mutator: '' };

/** Its stored scores are the protocol's scorer and reducers on its items. */
function expectStoredScores(log: Awaited<ReturnType<typeof runInMemory>>) {
  const scores = log.items.map((item) => interview.metrics.itemScores(log.manifest, item));
  log.items.forEach((item, i) => expect(log.scores!.items[item.key]).toEqual(scores[i]));
  expect(log.summaries[0]!.metrics).toEqual(interview.metrics.reduce(log.manifest, scores).metrics);
}

describe('a person in the interviewee’s seat', () => {
  it('builds the project alone, then from a hint; S_G and S′_G are their project’s', async () => {
    const alone = {
      [RUN_SCRIPT]: reference[RUN_SCRIPT]!,
      'src/main.py': 'from parser import parse\n\nparse()  # R0\n',
      'src/parser.py': reference['src/parser.py']!,
    };
    const seat = new PersonSeat(INTERVIEWEE_SEAT);
    const turns: IntervieweeTurn[] = [];
    seat.subscribe((t) => {
      if (!t) return;
      turns.push(t);
      queueMicrotask(() => seat.submit(projectAnswer(t.phase === 'guided' && t.turn > 0 ? reference : alone)));
    });
    const config: RunConfig = {
      protocol: 'interview',
      candidates: [{ kind: 'human', name: 'Ada' }],
      params: { iterations: 1, reference: 'no' },
      settings: { seed: 1, concurrency: 1 },
    };
    const log = await runInMemory(config, [], { ...deps, seat }, undefined, [task]);

    expect(log.manifest.models.map((m) => [m.role, m.human ?? false])).toEqual([
      ['interviewee', true],
      ['interviewer', false],
    ]);
    expect(turns.map((t) => [t.phase, t.turn, t.hint === null, t.files === null])).toEqual([
      ['unguided', 0, true, true],
      ['guided', 0, true, true],
      ['guided', 1, false, false],
    ]);
    expect(turns[2]!.files).toEqual(alone);
    expect(turns[2]!.hint).toMatch(/^Requirement R1 /); // the rule-based interviewer's first hint: R0 is met, R1 comes next
    const steps = readSteps(log.items[0]!.steps);
    expect(steps.unguided!.solution.files).toEqual(alone);
    expect(steps.turns.at(-1)!.solution.files).toEqual(reference);
    expect(log.items[0]!.stopReason).toBe('over');
    expect(log.summaries[0]!.metrics).toMatchObject({ baseChecks: 0.2, guidedChecks: 1, hints: 1, ended: 1 });
    expectStoredScores(log);
  }, 120_000);
});

describe('a person in the interviewer’s seat', () => {
  it('gives a hint, ends the interview and writes the report; the simulated interviewee’s S_G → S′_G is the session’s score', async () => {
    const seat = new PersonSeat(INTERVIEWER_SEAT);
    const turns: InterviewerTurn[] = [];
    const hint = 'R0: parse data/server.log in src/parser.py and count the lines, the parsed ones and the malformed ones in results/parse_report.json.';
    seat.subscribe((t) => {
      if (!t) return;
      turns.push(t);
      queueMicrotask(() => seat.submit(t.kind === 'report' ? 'You needed one hint, about parsing.' : t.turn === 0 ? hint : STOP_TOKEN));
    });
    const config: RunConfig = {
      protocol: 'interview',
      candidates: [{ kind: 'simulated', profile: 'low' }],
      roles: { interviewer: { kind: 'human', name: 'Grace' } },
      params: { iterations: 1, reference: 'no' },
      settings: { seed: 1, concurrency: 1 },
    };
    const log = await runInMemory(config, [], { ...deps, seat }, undefined, [task]);

    expect(log.manifest.models.find((m) => m.role === 'interviewer')).toMatchObject({ label: 'Grace', human: true });
    expect(turns.map((t) => [t.kind, t.turn])).toEqual([
      ['review', 0],
      ['review', 1],
      ['report', 2],
    ]);
    expect(turns[0]!.reference).toEqual(reference);
    expect(turns[0]!.files[RUN_SCRIPT]).toBeDefined();
    expect(turns[1]!.earlier).toEqual([hint]);
    const s = readSteps(log.items[0]!.steps);
    expect(s.turns.map((t) => [t.review.kind, t.review.delivered])).toEqual([
      ['hint', true],
      ['over', false],
    ]);
    expect(s.report?.text).toBe('You needed one hint, about parsing.');
    const [outcome] = hintOutcomes(log);
    expect(outcome).toMatchObject({ turn: 0, hint, requirements: 5 });
    expect(outcome!.before).not.toBeNull();
    expectStoredScores(log);
  }, 120_000);
});
