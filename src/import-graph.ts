// The source tree's imports, read from the files: which file imports which (TypeScript, Svelte and
// the Python harness). The architecture test holds the layers to their rules with it, and
// `tsx src/import-graph.ts` prints its counts (docs/architecture.md).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';

export const ROOT = join(dirname(new URL(import.meta.url).pathname), '..');

/** The folders whose code the rules cover. */
export const TREES = ['src', 'cli', 'workers', 'bench'] as const;

export interface Edge {
  from: string;
  to: string;
  /** `import type` / `export type`: gone once compiled, so no cycle at run time. */
  typeOnly: boolean;
}

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(ROOT, dir))) {
    const path = posix.join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) out.push(...walk(path));
    else if (/\.(ts|js|svelte|py)$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

export const isTest = (path: string) => /\.test\.ts$/.test(path);

const SCRIPT =
  /(?:^|[;\s}])(import|export)(\s+type)?\b([^;'"`]*?)\bfrom\s*(['"])(\.{1,2}\/[^'"]*)\4|(?:^|[;\s])import\s*(['"])(\.{1,2}\/[^'"]*)\6|\bimport\s*\(\s*(['"`])(\.{1,2}\/[^'"`]*)\8|new URL\(\s*(['"`])(\.{1,2}\/[^'"`]*)\10/gm;

/** The relative imports of a TypeScript, JavaScript or Svelte file, resolved from the root. */
function scriptEdges(path: string, source: string): Edge[] {
  const edges: Edge[] = [];
  for (const m of source.matchAll(SCRIPT)) {
    const spec = m[5] ?? m[7] ?? m[9] ?? m[11]!;
    if (spec.includes('${')) continue; // a path built at run time (a file read as text), not an import
    // `import { type A, type B } from` is type-only too.
    const names = m[3] ?? '';
    const typeOnly =
      Boolean(m[2]) ||
      (/^\s*\{[^}]*\}\s*$/.test(names) &&
        names
          .replace(/[{}\s]/g, '')
          .split(',')
          .filter(Boolean)
          .every((n) => n.startsWith('type')));
    const to = posix.normalize(posix.join(posix.dirname(path), spec.replace(/\?.*$/, '')));
    edges.push({ from: path, to, typeOnly });
  }
  return edges;
}

/** The harness's imports of its own modules (`import x`, `from x import y`) in the same folder. */
function pythonEdges(path: string, source: string, files: ReadonlySet<string>): Edge[] {
  const dir = posix.dirname(path);
  const edges: Edge[] = [];
  for (const m of source.matchAll(/^\s*(?:from\s+([\w.]+)\s+import\b|import\s+([\w., ]+))/gm)) {
    for (const name of (m[1] ?? m[2]!).split(',').map((s) => s.trim().split(/\s+/)[0]!)) {
      const to = posix.join(dir, `${name}.py`);
      if (files.has(to) && to !== path) edges.push({ from: path, to, typeOnly: false });
    }
  }
  return edges;
}

export interface ImportGraph {
  files: readonly string[];
  edges: readonly Edge[];
}

/** Every file of the trees and their relative imports. */
export function importGraph(trees: readonly string[] = TREES): ImportGraph {
  const files = trees.flatMap(walk);
  const known = new Set(files);
  const edges = files.flatMap((f) => {
    const source = readFileSync(join(ROOT, f), 'utf8');
    return f.endsWith('.py') ? pythonEdges(f, source, known) : scriptEdges(f, source);
  });
  return { files, edges };
}

/** The graph's cycles at run time (type-only imports left out), each as its files in order. */
export function cycles(graph: ImportGraph): string[][] {
  const next = new Map<string, string[]>();
  for (const e of graph.edges) if (!e.typeOnly) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  // Tarjan's strongly connected components; a component of two or more files holds a cycle.
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    order.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!order.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, order.get(w)!));
    }
    if (low.get(v) === order.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const f of graph.files) if (!order.has(f)) visit(f);
  return found;
}

/** Where the protocols live: their engine code and their views. */
export const PROTOCOL_ROOTS = ['src/core/protocols/', 'src/ui/protocols/'] as const;

/** The files that may name a protocol's folder: the registry, and the maps of views to components. */
export const REGISTRIES = ['src/core/protocols/registry.ts', 'src/ui/protocols/views.ts', 'src/ui/protocols/teach.ts'] as const;

/** The protocol folder a file lies in (pair, talk, …), or null: outside them, or in shared/. */
export function protocolOf(path: string): string | null {
  for (const root of PROTOCOL_ROOTS) {
    if (!path.startsWith(root)) continue;
    const rest = path.slice(root.length).split('/');
    return rest.length > 1 && rest[0] !== 'shared' ? rest[0]! : null;
  }
  return null;
}

/** Whether a file is in a protocols' shared folder. */
export const isShared = (path: string) => PROTOCOL_ROOTS.some((r) => path.startsWith(`${r}shared/`));

/** Imports into a protocol's folder from outside it, other than the registries'. */
export function intoProtocols(graph: ImportGraph, withTests = true): Edge[] {
  return graph.edges.filter((e) => {
    const target = protocolOf(e.to);
    if (!target || protocolOf(e.from) === target) return false;
    if ((REGISTRIES as readonly string[]).includes(e.from)) return false;
    return withTests || !isTest(e.from);
  });
}

/** Imports from one protocol's folder into another's. */
export const acrossProtocols = (graph: ImportGraph): Edge[] =>
  graph.edges.filter((e) => {
    const [a, b] = [protocolOf(e.from), protocolOf(e.to)];
    return a !== null && b !== null && a !== b;
  });

/** Per shared module, the protocols that use it (directly, or through other shared modules), tests left out. */
export function sharedUsers(graph: ImportGraph): Map<string, Set<string>> {
  const shared = graph.files.filter((f) => isShared(f) && !isTest(f));
  const users = new Map<string, Set<string>>(shared.map((f) => [f, new Set<string>()]));
  const importers = new Map<string, string[]>();
  for (const e of graph.edges) if (!isTest(e.from)) importers.set(e.to, [...(importers.get(e.to) ?? []), e.from]);
  for (const file of shared) {
    const seen = new Set<string>([file]);
    const queue = [file];
    while (queue.length) {
      for (const from of importers.get(queue.shift()!) ?? []) {
        if (seen.has(from)) continue;
        seen.add(from);
        const p = protocolOf(from);
        if (p) users.get(file)!.add(p);
        else if (isShared(from)) queue.push(from);
      }
    }
  }
  return users;
}

/** Shared modules fewer than two protocols use. */
export const underShared = (graph: ImportGraph): [string, string[]][] =>
  [...sharedUsers(graph)].filter(([, ps]) => ps.size < 2).map(([f, ps]) => [f, [...ps].sort()]);

if (process.argv[1] && new URL(import.meta.url).pathname === process.argv[1]) {
  const graph = importGraph();
  console.log(`files ${graph.files.length}, imports ${graph.edges.length}`);
  console.log(`into a protocol's folder from outside (registries aside): ${intoProtocols(graph, false).length} (with tests: ${intoProtocols(graph).length})`);
  for (const e of intoProtocols(graph)) console.log(`  ${e.from} → ${e.to}`);
  console.log(`across protocols: ${acrossProtocols(graph).length}`);
  for (const e of acrossProtocols(graph)) console.log(`  ${e.from} → ${e.to}`);
  console.log(`shared modules used by fewer than two protocols: ${underShared(graph).length}`);
  for (const [f, ps] of underShared(graph)) console.log(`  ${f} (${ps.join(', ') || 'none'})`);
  const found = cycles(graph);
  console.log(`cycles: ${found.length}`);
  for (const c of found) console.log(`  ${c.join(' ↔ ')}`);
}
