// The roles a Prism run calls models in (Table 2): the model under test (Test Generator, Problem
// Solver and Problem Fixer, in isolation from each other), the fixed Challenge Designer, and the
// optional analysers that look at Phase-3 nodes without touching the search.
import type { RoleSpec } from '../contract.ts';
import { ANALYSER_CHOICES, BANK_DESIGNER, DESIGNER_CHOICES, MODEL_CHOICES } from './simulated/choices.ts';

export const MODEL_ROLE = 'model';
export const DESIGNER_ROLE = 'designer';
export const ANALYSER_ROLE = 'analyser';

export const PRISM_ROLES: readonly RoleSpec[] = [
  {
    name: MODEL_ROLE,
    label: 'Models under test',
    help: 'Each gets its own search tree: it writes the tests, solves, retries with the errors and fixes, at every node',
    tested: true,
    simulated: MODEL_CHOICES,
  },
  {
    name: DESIGNER_ROLE,
    label: 'Challenge designer',
    help: 'Writes a problem for each node’s concepts and difficulty; the same model for every model under test. The bank designer is simulated: it draws from the authored problem bank, offline and free.',
    required: true,
    fallback: BANK_DESIGNER,
    simulated: DESIGNER_CHOICES,
  },
  {
    name: ANALYSER_ROLE,
    label: 'Analyser',
    help: 'Optional: validates the tests, analyses the errors and the solution’s patterns of Phase-3 nodes (diagnostics only, never the reward)',
    simulated: ANALYSER_CHOICES,
  },
];
