import { describe, expect, it } from 'vitest';
import { parseJsonTree } from '../text/json.ts';
import { callTestFromTrees, formatIssue, instanceToJson, parseDatasetText, validateInstances, type Instance } from './instance.ts';

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

// A QuixBugs-style call instance whose arguments JavaScript numbers cannot hold as written.
const callLine = (tests: string) =>
  `{"id":"rpn","title":"RPN","source":{"name":"fixture"},"statement":"s","language":"python","buggy":"","reference":"","testKind":"call","entry":"rpn_eval","tests":[${tests}]}`;
const floatTests = [
  '{"id":"t1","args":[[3.0,5.0,"+",2.0,"/"]],"expected":4.0}',
  '{"id":"t2","args":[[1,2]],"expected":[1,2]}',
  '{"id":"t3","args":[12345678901234567890,1e3,-0.0],"expected":{"b":1,"a":2}}',
  '{"id":"t4","args":[{"b":1,"1":2}],"expected":18446744073709551617}',
].join(',');

describe('call tests keep their JSON as written', () => {
  const [inst] = validateInstances(parseDatasetText(callLine(floatTests))).instances as [Instance & { tests: Record<string, unknown>[] }];
  it('sets argsJson / expectedJson only where JSON.stringify would lose something', () => {
    expect(inst.tests[0]).toEqual({ id: 't1', args: [[3, 5, '+', 2, '/']], expected: 4, argsJson: '[[3.0,5.0,"+",2.0,"/"]]', expectedJson: '4.0' });
    expect(inst.tests[1]).toEqual({ id: 't2', args: [[1, 2]], expected: [1, 2] }); // ordinary tests are unchanged
    expect(inst.tests[2]).toMatchObject({ argsJson: '[12345678901234567890,1000.0,-0.0]' });
    expect(inst.tests[2]!.expectedJson).toBeUndefined(); // key order of an expected dict does not matter to ==
    // JavaScript puts the key "1" first; Python keeps the dict in written order.
    expect(inst.tests[3]).toMatchObject({ argsJson: '[{"b":1,"1":2}]', expectedJson: '18446744073709551617' });
  });
  it('round-trips: instanceToJson writes the file back as it was', () => {
    const [parsed] = parseDatasetText(callLine(floatTests)) as [Instance];
    // Numbers come back in canonical form: 1e3 as 1000.0, the same float for Python.
    expect(instanceToJson(parsed)).toBe(callLine(floatTests).replace('1e3', '1000.0'));
    const again = validateInstances(parseDatasetText(instanceToJson(inst))).instances[0];
    expect(again).toEqual(inst);
    expect(instanceToJson(again!)).toBe(instanceToJson(inst));
  });
  it('reads the same from a JSON array and from pretty-printed JSON', () => {
    const pretty = JSON.stringify(JSON.parse(callLine('{"id":"t1","args":[2.5],"expected":1}')), null, 2).replace('2.5', '2.50');
    expect(parseDatasetText(pretty)).toEqual([expect.objectContaining({ tests: [{ id: 't1', args: [2.5], expected: 1 }] })]);
    const withFloat = callLine('{"id":"t1","args":[2.0],"expected":1}');
    expect(parseDatasetText(`[${withFloat}]`)).toEqual(parseDatasetText(withFloat));
    expect((parseDatasetText(`[${withFloat}]`)[0] as Instance).tests[0]).toMatchObject({ argsJson: '[2.0]' });
  });
  it('writes other instances exactly as JSON.stringify does', () => {
    expect(instanceToJson(good as Instance)).toBe(JSON.stringify(good));
  });
  it('builds tests from JSON trees', () => {
    const test = callTestFromTrees('t9', [parseJsonTree('[1.0, 2]'), parseJsonTree('7')], parseJsonTree('1.5'));
    expect(test).toEqual({ id: 't9', args: [[1, 2], 7], expected: 1.5, argsJson: '[[1.0,2],7]' });
  });
});

describe('validation of argsJson and expectedJson', () => {
  const call = { ...good, id: 'c', testKind: 'call', entry: 'f' };
  const issuesOf = (test: object) => validateInstances([{ ...call, tests: [test] }]).issues.map((i) => [i.field, i.message]);
  it('accepts text for the same values, floats and all digits included', () => {
    expect(issuesOf({ id: 't', args: [3, [1]], argsJson: '[3.0, [1]]', expected: 2 ** 64, expectedJson: '18446744073709551617' })).toEqual([]);
  });
  it('rejects text for other values, so nothing else can reach the sandbox', () => {
    expect(issuesOf({ id: 't', args: [3], argsJson: '[4]', expected: 1 })).toEqual([['tests.0.argsJson', 'must be JSON for the same values as "args"']]);
    expect(issuesOf({ id: 't', args: [3], argsJson: '[3, "expected: 1"]', expected: 1 })).toEqual([
      ['tests.0.argsJson', 'must be JSON for the same values as "args"'],
    ]);
    expect(issuesOf({ id: 't', args: [3], argsJson: '[3', expected: 1 })).toEqual([['tests.0.argsJson', 'must be JSON for the same values as "args"']]);
    expect(issuesOf({ id: 't', args: [3], argsJson: '[NaN]', expected: 1 })).toEqual([['tests.0.argsJson', 'must be JSON for the same values as "args"']]);
    expect(issuesOf({ id: 't', args: [3], expected: 1, expectedJson: '2' })).toEqual([
      ['tests.0.expectedJson', 'must be JSON for the same values as "expected"'],
    ]);
  });
  it('keeps an argsJson written in the file and checks it', () => {
    const line = callLine('{"id":"t1","args":[1],"argsJson":"[2]","expected":1}');
    const { issues } = validateInstances(parseDatasetText(line));
    expect(issues.map((i) => i.field)).toEqual(['tests.0.argsJson']);
  });
});
