// Candidate prompt templates, shared by PAIR and its baselines so that all three use the same
// candidate interface and the same turn 0. A template's hash goes into every run manifest; a
// run may edit them (which changes the hash).

export const CANDIDATE_TEMPLATES_VERSION = '1';

export const SYSTEM = `You are an expert competitive programmer who repairs Python programs.
Always answer with the complete corrected program in a single \`\`\`python code block.`;

export const INITIAL_REPAIR = `Here is a programming problem:

{{statement}}

The following Python program is a wrong answer to it:

\`\`\`python
{{code}}\`\`\`

Find and fix the bugs. Answer with the complete corrected program.`;

/** A revision with a hint (PAIR and vanilla feedback). */
export const HINT_REVISION = `Your program still fails some hidden tests. Here is a hint:

{{hint}}

Your current program:

\`\`\`python
{{code}}\`\`\`

Revise it and answer with the complete corrected program.`;

/** A revision without a hint (the no-hint baseline, and a PAIR turn whose hint was skipped). */
export const NO_HINT_REVISION = `Your program still fails some hidden tests.

Your current program:

\`\`\`python
{{code}}\`\`\`

Revise it and answer with the complete corrected program.`;
