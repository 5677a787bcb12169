import { describe, expect, it } from 'vitest';
import { formatIssue, parseDatasetText, validateInstances } from './instance.ts';

const good = {
  id: 'x1',
  title: 'X',
  source: { name: 'fixture' },
  statement: 's',
  language: 'python',
  buggy: 'print(1)',
  reference: 'print(2)',
  testKind: 'stdio',
  tests: [{ id: 't', input: '', expected: '2\n' }],
};

describe('validateInstances', () => {
  it('accepts a valid instance of each kind', () => {
    const call = { ...good, id: 'c', testKind: 'call', entry: 'f', tests: [{ id: 't', args: [1], expected: 2 }] };
    const ut = { ...good, id: 'u', testKind: 'unittest', tests: [{ id: 't', code: 'assert True' }] };
    const { instances, issues } = validateInstances([good, call, ut]);
    expect(issues).toEqual([]);
    expect(instances.map((i) => i.id)).toEqual(['x1', 'c', 'u']);
  });
  it('names the instance, the field and the reason of each problem', () => {
    const bad = { ...good, tests: [{ id: 't', input: 5, expected: '2' }], checker: 'fuzzy' };
    const { instances, issues } = validateInstances([bad]);
    expect(instances).toEqual([]);
    const text = issues.map((i) => formatIssue('data.json', i));
    expect(text).toContain('data.json: instance 0 (id "x1"), field "tests.0.input": Invalid type: Expected string but received 5');
    expect(text.some((t) => t.includes('field "checker"') && t.includes('"exact", "tokens" or "float:<epsilon>"'))).toBe(true);
  });
  it('requires an entry for call instances, unique ids and at least one test', () => {
    const call = { ...good, testKind: 'call', tests: [{ id: 't', args: [], expected: 1 }] };
    expect(validateInstances([call]).issues[0]).toMatchObject({ field: 'entry' });
    const dup = { ...good, tests: [good.tests[0], good.tests[0]] };
    expect(validateInstances([dup]).issues[0]!.message).toBe('test ids must be unique');
    expect(validateInstances([{ ...good, tests: [] }]).issues[0]!.message).toBe('an instance needs at least one test');
    const twice = validateInstances([{ ...good, id: 'other', tests: 'x' }, good, good]);
    expect(twice.issues.filter((i) => i.field === 'id')).toEqual([{ index: 2, instanceId: 'x1', field: 'id', message: 'duplicate instance id' }]);
    expect(twice.instances.map((i) => i.id)).toEqual(['x1']);
  });
});

describe('parseDatasetText', () => {
  it('reads a JSON array, a pretty-printed object, or JSONL', () => {
    expect(parseDatasetText('[{"a":1},{"a":2}]')).toHaveLength(2);
    expect(parseDatasetText('{\n  "a": 1\n}\n')).toEqual([{ a: 1 }]);
    expect(parseDatasetText('{"a":1}\n\n{"a":2}\n')).toEqual([{ a: 1 }, { a: 2 }]);
  });
  it('reports the JSONL line that does not parse', () => {
    expect(() => parseDatasetText('{"a":1}\n{oops}\n')).toThrow(/^line 2:/);
  });
});
