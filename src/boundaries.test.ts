// The layers' rules, read from the imports of src, cli, workers and bench (import-graph.ts):
// 1. nothing outside a protocol's folder imports from it, the registries aside (tests may use a
//    protocol's test-support.ts, its fixtures for tests);
// 2. no protocol imports another;
// 3. a protocols' shared/ module is used by at least two protocols;
// 4. no import cycles, in TypeScript or in the Python harness.
import { describe, expect, it } from 'vitest';
import { acrossProtocols, cycles, importGraph, intoProtocols, isTest, protocolOf, underShared, type ImportGraph } from './import-graph.ts';

const graph = importGraph();

/** Tests reach a protocol through the registry too, or through its fixtures for tests. */
const allowed = (from: string, to: string) => isTest(from) && to.endsWith('/test-support.ts');

const show = (edges: { from: string; to: string }[]) => edges.map((e) => `${e.from} → ${e.to}`);

describe('the layers’ rules', () => {
  it('reads the four trees, their imports, and the four protocols', () => {
    expect(graph.files.length).toBeGreaterThan(500);
    expect(graph.edges.length).toBeGreaterThan(2000);
    expect(new Set(graph.files.map(protocolOf).filter(Boolean))).toEqual(new Set(['pair', 'talk', 'prism', 'interview']));
    expect(graph.files.some((f) => f.endsWith('.py'))).toBe(true);
  });

  it('1. nothing outside a protocol’s folder imports from it (the registries aside)', () => {
    expect(show(intoProtocols(graph).filter((e) => !allowed(e.from, e.to)))).toEqual([]);
  });

  it('2. no protocol imports another', () => {
    expect(show(acrossProtocols(graph))).toEqual([]);
  });

  it('3. shared/ holds only what at least two protocols use', () => {
    expect(underShared(graph)).toEqual([]);
  });

  it('4. no import cycles (TypeScript and the Python harness)', () => {
    expect(cycles(graph)).toEqual([]);
  });
});

describe('the rules find what breaks them', () => {
  const tiny = (edges: [string, string, boolean?][], files: string[]): ImportGraph => ({
    files,
    edges: edges.map(([from, to, typeOnly]) => ({ from, to, typeOnly: typeOnly ?? false })),
  });
  const P = 'src/core/protocols';

  it('an import into a protocol’s folder, across protocols, a shared module one protocol uses, a cycle', () => {
    const files = [`${P}/pair/a.ts`, `${P}/talk/b.ts`, `${P}/shared/c.ts`, `${P}/shared/d.ts`, 'src/core/e.ts', 'src/core/f.ts', `${P}/registry.ts`];
    const g = tiny(
      [
        ['src/core/e.ts', `${P}/pair/a.ts`],
        [`${P}/registry.ts`, `${P}/pair/a.ts`],
        [`${P}/talk/b.ts`, `${P}/pair/a.ts`],
        [`${P}/pair/a.ts`, `${P}/shared/c.ts`],
        [`${P}/shared/c.ts`, `${P}/shared/d.ts`],
        [`${P}/talk/b.ts`, `${P}/shared/d.ts`],
        ['src/core/e.ts', 'src/core/f.ts'],
        ['src/core/f.ts', 'src/core/e.ts'],
        ['src/core/f.ts', `${P}/shared/d.ts`, true],
      ],
      files,
    );
    expect(show(intoProtocols(g))).toEqual([`src/core/e.ts → ${P}/pair/a.ts`, `${P}/talk/b.ts → ${P}/pair/a.ts`]);
    expect(show(acrossProtocols(g))).toEqual([`${P}/talk/b.ts → ${P}/pair/a.ts`]);
    // c is pair's alone; d is used by talk, and by pair through c.
    expect(underShared(g)).toEqual([[`${P}/shared/c.ts`, ['pair']]]);
    expect(cycles(g)).toEqual([['src/core/e.ts', 'src/core/f.ts']]);
  });

  it('a type-only import makes no cycle', () => {
    const g = tiny(
      [
        ['a.ts', 'b.ts'],
        ['b.ts', 'a.ts', true],
      ],
      ['a.ts', 'b.ts'],
    );
    expect(cycles(g)).toEqual([]);
  });
});
