// How Prism's views colour and name things: the phases as the paper's tree figures colour them
// (Phase 1 yellow, 2 green, 3 blue), a node's value as the shade of its phase colour, and short
// labels for nodes.
import { interpolateRgb } from 'd3';
import { shortConcept, shortDifficulty } from '../../../core/protocols/prism/concepts.ts';
import type { Phase, TreeNode } from '../../../core/protocols/prism/tree.ts';
import type { Design } from '../../../core/protocols/prism/params.ts';
import { OKABE_ITO } from '../../charts/palette.ts';

export const PHASE_COLOR: Record<Phase, string> = { 1: '#D9B800', 2: OKABE_ITO.bluishGreen, 3: OKABE_ITO.blue };
export const PHASE_NAME: Record<Phase, string> = {
  1: 'Phase 1 · capability mapping',
  2: 'Phase 2 · challenge discovery',
  3: 'Phase 3 · comprehensive evaluation',
};

/** A stage's full name: a phase of the search, or the single stage of another design (no tree search). */
export const stageTitle = (design: Design, phase: Phase): string =>
  design === 'tree'
    ? PHASE_NAME[phase]
    : design === 'uniform' || design === 'stratified'
      ? `Baseline · ${design} over concept × level cells (no search)`
      : `Adaptive · ${design}: each cell chosen from the map fitted so far`;

/** A node's fill: its phase colour, paler for a lower value (white when never evaluated). */
export function nodeFill(node: TreeNode): string {
  if (!node.evaluations) return '#ffffff';
  const v = Math.max(0, Math.min(1, node.value));
  return interpolateRgb('#ffffff', PHASE_COLOR[node.phase])(0.2 + 0.8 * v);
}

/** Short text for a node: its concepts' short names and its level's initials (e.g. "DP+Rec · M"). */
export const nodeLabel = (node: TreeNode, difficulties: readonly string[]) =>
  `${node.concepts.map(shortConcept).join('+')} · ${shortDifficulty(difficulties[node.level] ?? String(node.level))}`;

/** A node in words (labels, tooltips). */
export function nodeText(node: TreeNode, difficulties: readonly string[]): string {
  const what = `${node.concepts.join(' + ')}, ${difficulties[node.level] ?? node.level}`;
  const variation = node.variation ? `, variation ${node.variation}` : '';
  return `${what}${variation} (Phase ${node.phase}, depth ${node.depth}): ${node.evaluations ? `value ${node.value.toFixed(2)}, ${node.evaluations} evaluation(s), ${node.visits} visit(s)` : 'not evaluated yet'}`;
}

export const pct = (x: number | null | undefined, digits = 1) => (x === null || x === undefined ? '—' : `${(x * 100).toFixed(digits)}%`);
