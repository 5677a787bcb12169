// Assignments of the Talk and Interview seats: each seat's session, as its setup form makes it,
// goes through the link word and back and starts a run of the built-in dataset's instance or
// task with the learner, by name, in the seat's role and the other roles' models as set.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Instance } from '../model/instance.ts';
import { parseTasks } from '../model/task.ts';
import { requireProtocol, seatOf } from '../protocols/registry.ts';
import { createManifest, type RunConfig } from '../runner/setup.ts';
import { assignmentOf, encodeAssignment, readAssignment, sessionConfig } from './assignment.ts';

const instances = readFileSync(new URL('../../../datasets/builtin.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as Instance);
const tasks = parseTasks(readFileSync(new URL('../../../datasets/interview.jsonl', import.meta.url), 'utf8'));
const settings = { concurrency: 1, seed: 11 };

const cases: { seat: string; subject: { instance?: string; task?: string }; config: RunConfig; person: string; others: [string, string][] }[] = [
  {
    seat: 'coder',
    subject: { instance: 'str-word-freq' },
    config: {
      name: 'Teach, Talk: Word Census',
      protocol: 'talk',
      candidates: [{ kind: 'human', name: 'the teacher' }],
      roles: { user: { kind: 'simulated', profile: 'rule-based' } },
      params: { setting: 'sentence', steps: 3 },
      settings,
    },
    person: 'code',
    others: [
      ['user', 'rule-based'],
      ['judge', 'keyword'],
      ['obfuscator', 'summary'],
    ],
  },
  {
    seat: 'interviewee',
    subject: { task: 'server-logs' },
    config: {
      name: 'Teach, interviewee: Server logs',
      protocol: 'interview',
      candidates: [{ kind: 'human', name: 'the teacher' }],
      roles: { interviewer: { kind: 'simulated', profile: 'rule-based' }, judge: { kind: 'simulated', profile: 'check-based' } },
      params: { iterations: 2, reference: 'no' },
      settings,
    },
    person: 'interviewee',
    others: [
      ['interviewer', 'rule-based'],
      ['judge', 'check-based'],
    ],
  },
  {
    seat: 'interviewer',
    subject: { task: 'server-logs' },
    config: {
      name: 'Teach, interviewer: Server logs',
      protocol: 'interview',
      candidates: [{ kind: 'simulated', profile: 'medium' }],
      roles: { interviewer: { kind: 'human', name: 'the teacher' } },
      params: { iterations: 2, reference: 'no' },
      settings,
    },
    person: 'interviewer',
    others: [['interviewee', 'medium']],
  },
];

describe('assignments of the Talk and Interview seats', () => {
  it.each(cases)(
    '$config.protocol / $seat: the link starts the same session with the learner in the seat',
    async ({ seat, subject, config, person, others }) => {
      const a = readAssignment(encodeAssignment(assignmentOf(config, seat, subject)));
      expect(a).toMatchObject({ protocol: config.protocol, seat, ...subject, params: config.params, seed: 11 });
      expect(JSON.stringify(a)).not.toContain('the teacher');
      const protocol = requireProtocol(a.protocol);
      const data = {
        id: 'builtin',
        name: 'Built-in',
        instances: instances.filter((i) => i.id === a.instance),
        tasks: tasks.filter((t) => t.id === a.task),
      };
      const manifest = await createManifest(sessionConfig(a, 'Ada'), data, protocol, { version: 'test', pyodide: 'test' });
      expect(manifest.models.filter((m) => m.human).map((m) => [m.role, m.label])).toEqual([[person, 'Ada']]);
      expect(manifest.models.filter((m) => !m.human).map((m) => [m.role, m.profile])).toEqual(others);
      expect(seatOf(manifest)?.seat.id).toBe(seat);
      expect([manifest.params, manifest.settings.seed]).toEqual([{ ...manifest.params, ...config.params }, 11]);
      expect([...manifest.dataset.instances.map((i) => i.id), ...(manifest.dataset.tasks ?? []).map((t) => t.id)]).toEqual([a.instance ?? a.task]);
    },
  );
});
