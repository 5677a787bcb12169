// Where the search tree's nodes go: a layered drawing of the multi-parent tree, one row per
// depth (the initial single concepts on top), nodes in a row ordered by where their parents
// are (a few barycentre sweeps, so edges cross less), every edge from each parent. Pure: the
// same tree gives the same drawing, so a growing tree moves as little as it can.
import type { SearchTree, TreeNode } from '../../../core/protocols/prism/tree.ts';

export interface PlacedNode {
  node: TreeNode;
  x: number;
  y: number;
  /** Position in its row. */
  slot: number;
}

export interface PlacedEdge {
  from: string;
  to: string;
  /** The child's value against the parent's: lower, higher, or equal or not known yet (the paper's red and green edges). */
  trend: 'down' | 'up' | 'same';
}

export interface TreeLayout {
  nodes: PlacedNode[];
  edges: PlacedEdge[];
  rows: string[][];
  width: number;
  height: number;
}

export const SPACING = { x: 86, y: 96, margin: 48 } as const;

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

export function layoutTree(tree: SearchTree, nodes: readonly TreeNode[] = tree.order): TreeLayout {
  const shown = new Set(nodes.map((n) => n.id));
  const depth = Math.max(0, ...nodes.map((n) => n.depth));
  const rows: string[][] = Array.from({ length: depth }, () => []);
  for (const n of nodes) rows[n.depth - 1]!.push(n.id);
  const slot = new Map<string, number>();
  const place = () => rows.forEach((row) => row.forEach((id, i) => slot.set(id, i - (row.length - 1) / 2)));
  place();
  // Down, up, down: order each row by the mean place of the neighbours in the row before.
  const sweep = (row: string[], neighbours: (n: TreeNode) => string[]) => {
    const key = new Map(row.map((id, i) => [id, (() => {
      const ns = neighbours(tree.get(id)).filter((x) => shown.has(x) && slot.has(x));
      return ns.length ? mean(ns.map((x) => slot.get(x)!)) : slot.get(id) ?? i;
    })()]));
    row.sort((a, b) => key.get(a)! - key.get(b)! || tree.get(a).id.localeCompare(tree.get(b).id, undefined, { numeric: true }));
    row.forEach((id, i) => slot.set(id, i - (row.length - 1) / 2));
  };
  for (const pass of [0, 1, 2]) {
    if (pass === 1) for (let d = rows.length - 2; d >= 0; d--) sweep(rows[d]!, (n) => n.children);
    else for (let d = 1; d < rows.length; d++) sweep(rows[d]!, (n) => n.parents);
  }
  // Places: the top row evenly spaced; each row below as near its parents as the spacing allows.
  const xOf = new Map<string, number>();
  rows.forEach((row, d) => {
    const wanted = row.map((id, i) => {
      const ps = d ? tree.get(id).parents.filter((p) => xOf.has(p)) : [];
      return ps.length ? mean(ps.map((p) => xOf.get(p)!)) : (i - (row.length - 1) / 2) * SPACING.x;
    });
    const xs: number[] = [];
    wanted.forEach((w, i) => xs.push(i ? Math.max(w, xs[i - 1]! + SPACING.x) : w));
    const shift = mean(wanted) - mean(xs); // keep the row centred on where it wants to be
    row.forEach((id, i) => xOf.set(id, xs[i]! + shift));
  });
  const all = [...xOf.values()];
  const left = Math.min(0, ...all);
  const width = (all.length ? Math.max(...all) - left : 0) + 2 * SPACING.margin;
  const placed: PlacedNode[] = [];
  rows.forEach((row, d) => row.forEach((id, i) => placed.push({ node: tree.get(id), x: SPACING.margin + xOf.get(id)! - left, y: SPACING.margin + d * SPACING.y, slot: i })));
  const edges: PlacedEdge[] = [];
  for (const n of nodes) {
    for (const p of n.parents) {
      if (!shown.has(p)) continue;
      const parent = tree.get(p);
      const diff = n.value - parent.value;
      edges.push({ from: p, to: n.id, trend: !n.evaluations || Math.abs(diff) < 1e-9 ? 'same' : diff < 0 ? 'down' : 'up' });
    }
  }
  return { nodes: placed, edges, rows, width, height: SPACING.margin * 2 + Math.max(0, depth - 1) * SPACING.y };
}
