// Prompt templates shared by the baselines (and PAIR's turn 0). Changing one changes its hash,
// which every run manifest records.

export const SYSTEM = `You are an expert competitive programmer who repairs Python programs.
Always answer with the complete corrected program in a single \`\`\`python code block.`;

export const INITIAL_REPAIR = `Here is a programming problem:

{{statement}}

The following Python program is a wrong answer to it:

\`\`\`python
{{code}}\`\`\`

Find and fix the bugs. Answer with the complete corrected program.`;

export const NO_HINT_REVISION = `Your program still fails some hidden tests. Revise it and answer with the complete corrected program.`;
