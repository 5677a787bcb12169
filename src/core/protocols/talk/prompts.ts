// Talk's prompt templates: the paper's own (Figs. 8–14 and 17, as the extraction gives them),
// and ours where the paper prints none (self-critique, mixed feedback, the judge, the retry
// messages, the 11 few-shot summaries). Each is editable per run; its hash goes into the
// manifest. The paper's figures name their slots in braces; here they are {{slot}}.

export const TALK_TEMPLATES_VERSION = '2';

/** Fig. 8: the simulated user's system prompt, with the full question and the reference. */
export const USER_SYSTEM = `You are an expert human programmer who is using a coding assistant to write code in order to solve some programming puzzles. The coding assistant has completed a potential solution to the problem, but needs your help to make adjustments to the code.

You have access to the full question, including formatting instructions and some test cases. You also have access to a natural language description of the correct solution. The coding assistant has access to a summarized, less detailed version of the problem, but only you have access to the full problem. This means that the code assistant may need additional information on how the code should work or how its output should be formatted.

Here is the description of the programming problem:

{{question}}

Here is a description of the correct solution:

{{solution}}`;

const FUNCTION_ONLY =
  'Your goal is to provide feedback about the solution that you think would help the assistant fix or adjust the code. This feedback should be purely about the function of the code, not its aesthetics or nonessential structure (e.g. do not make a suggestion regarding optimization or other choices that would not change how the code behaves). The coding assistant will use this feedback to help generate the next version of the code.';

/** Fig. 9. */
export const USER_PARAGRAPH = `${FUNCTION_ONLY} Write one paragraph of feedback that you think would be most helpful to the coding assistant. Do not write more than 100 words.

Here is the code assistant's solution.

\`\`\`python
{{code}}\`\`\`

Please provide one paragraph of feedback that would best help the coding assistant write a better version of the solution. Don't copy the code. Just write your reply.`;

/** Fig. 10. */
export const USER_SENTENCE = `${FUNCTION_ONLY} Write one sentence of feedback that you think would be most helpful to the coding assistant. Do not write more than 50 words.

Here is the code assistant's solution.

\`\`\`python
{{code}}\`\`\`

Please provide one sentence of feedback that would best help the coding assistant write a better version of the solution. Don't copy the code. Just write your reply.`;

/** Fig. 11. */
export const USER_CODE_FEEDBACK = `${FUNCTION_ONLY} Point out specific lines of the code that are incorrect and explain why. Do not write more than 100 words.

Here is the code assistant's solution.

\`\`\`python
{{code}}\`\`\`

Please point out specific lines of the code that are incorrect and give the corrected version. Make sure you copy paste the specific line in the solution which is incorrect! You should write both the original line (exactly as found in the solution) and also write what line it should be replaced with.`;

/** Fig. 12 (printed without the "Your goal…" preamble; the system prompt still applies). */
export const USER_QUERY_REPHRASING = `Here is the code assistant's solution.

\`\`\`python
{{code}}\`\`\`

Here is the previous version of the question.

{{question}}

Please rewrite the question so as to provide an updated question of similar length which would help the model generate a better version of the code. Make sure you don't make the new question longer than the older version! Begin your response with "Question:" and don't add any extra text to the end.`;

/** Mixed feedback (A.10; the paper prints no prompt): every type listed, in an order shuffled each time. */
export const USER_MIXED = `${FUNCTION_ONLY}

Here is the code assistant's solution.

\`\`\`python
{{code}}\`\`\`

Here is the current version of the question the assistant sees.

{{question}}

Choose the one kind of feedback below that you think would help the coding assistant most, and write it:

{{options}}

Begin your reply with the name of the kind you chose in square brackets, for example [{{example}}], then write the feedback. Don't copy the code, except for the lines a code feedback quotes and corrects.`;

/** Ours: a rejected reply and why (the leakage and form checks, constraints.ts). */
export const USER_RETRY = `Your reply cannot be passed on to the coding assistant: {{reasons}}. Please write it again, keeping to the requested form, without quoting hidden test data or lines of the correct solution.`;

const CODER_HEAD = `You are a coding assistant who is writing code in order to solve some programming puzzles.

You will be provided with a summary of the problem. You may also be provided with some starter code that you need to complete.

Your goal is to complete the code so as to solve the problem. Do not add anything else to the code, including natural language that is not part of the code or comments. Your generation should be ready to run without needing any modifications.{{io}}

Here is the programming problem description:

{{question}}`;

const CODER_TAIL =
  'Enclose your solution in a markdown block beginning with ```python. When you are ready to submit your response, please end the markdown block with ``` on a new line.';

/** Fig. 13: static, self-critique's first attempt, and every query-rephrasing attempt. */
export const CODER_GENERATE = `${CODER_HEAD}{{starter}}

${CODER_TAIL}`;

/** Fig. 14: a revision after paragraph, sentence or code feedback (and self-critique). */
export const CODER_REFINE = `${CODER_HEAD}

Here is your last version of the code:

\`\`\`python
{{code}}\`\`\`

The user provided the following feedback on the code:

{{feedback}}

You can choose to use this response, or you can choose to ignore it. Only incorporate the information that you think is relevant and helpful into the code.

${CODER_TAIL}`;

/** Ours (the paper follows Self-Refine and prints no prompt): the model's critique of its own program. */
export const CODER_CRITIQUE = `You are a coding assistant reviewing your own solution to a programming puzzle.{{io}}

Here is the programming problem description:

{{question}}

Here is your last version of the code:

\`\`\`python
{{code}}\`\`\`

Point out what in this code may not solve the problem as described: wrong behaviour, missed cases, output in the wrong form. Write at most one paragraph of feedback for yourself. Do not write the corrected code.`;

/** The APPS-only line of Figs. 13–14, for programs that read stdin and print. */
export const STDOUT_NOTE =
  " Keep in mind that for this dataset, the results should be printed to stdout, so don't just write a function without calling it or printing something to stdout.";

/** Ours: the paper's LiveCodeBench and ClassEval prompts name the function through starter code; an instance without starter code names it here. */
export const ENTRY_NOTE = ' Your code must define the function `{{entry}}`: the tests call it and check what it returns; do not read input or print.';

/** The starter code, when the instance has some (the paper prefills the reply with it; providers do not all allow that). */
export const STARTER_NOTE = `

Here is the starter code:

\`\`\`python
{{starter}}\`\`\``;

/**
 * Fig. 17: the obfuscator's few-shot summarization prompt, one sentence (its `{sent length}`).
 * The paper does not print its 11 examples; these are ours, shortened from the built-in set's
 * statements, with the set's own one-sentence summaries.
 */
export const OBFUSCATE = `Summarize the question with header 'FORMAL QUESTION' using only natural language. Write your summary under 'SUMMARY'

Do not use any variable or function names from the question. Do not write any code.

You are given a coding/algorithmic question below. Your goal is to come up with a one sentence summary using natural language to describe the problem.

Here are examples of a question and a summary labeled 'EX QUESTION' and 'EX SUMMARY'. Format your summary of 'FORMAL QUESTION' in a similar way to these summaries using one sentence.

###EX QUESTION

A map of an archipelago is a grid of n rows and m columns of land (#) and water (.) cells. Land cells that share a side belong to the same island; diagonal neighbours do not, and the map does not wrap around. Print the number of islands and the area of the largest one.

###EX SUMMARY

Count the islands on a map and tell how big the biggest one is.

###EX QUESTION

A post office has stamps of k face values (values may repeat) in unlimited supply. For each of q parcels with postage x, print the smallest number of stamps whose values add up to exactly x, or -1 if no combination does; a postage of 0 needs no stamps.

###EX SUMMARY

Tell a post office clerk how few stamps they can stick on each parcel.

###EX QUESTION

A project has n tasks and m rules "a b" meaning task a must be finished before task b starts; rules may repeat and a rule "a a" can never be met. Print the lexicographically smallest order of all tasks that obeys every rule, or -1 if there is none.

###EX SUMMARY

Put a list of tasks with dependencies into an order that works.

###EX QUESTION

A radio station logged the genre of each of n songs in order. The variety of a run of consecutive songs is its number of different genres. For each of q numbers k, print how many runs have variety exactly k; runs that start or end at different songs count separately.

###EX SUMMARY

Count stretches of a radio playlist by how many genres they mix.

###EX QUESTION

A conference center has n bookings, each busy from moment s up to but not including moment e. Print the largest number of bookings in progress at once and the earliest moment it is reached, then for each of q moments the number of bookings in progress at that moment.

###EX SUMMARY

Work out how busy a conference center gets from its list of bookings.

###EX QUESTION

A meeting room is open between two minutes of the day. Bookings are confirmed, tentative or cancelled; cancelled ones never block the room and tentative ones block it only when asked to. Return the free periods inside the opening hours that last at least a given number of minutes, as half-open intervals in order.

###EX SUMMARY

Work out when the meeting room is free.

###EX QUESTION

A station serves n bus routes; route i's first bus leaves at time s and then one leaves every k time units (k = 0 means a single bus). For each passenger arriving at time t, print the shortest wait for a bus leaving at t or later and the route giving it, the smallest route number on ties.

###EX SUMMARY

Tell passengers which bus to wait for and how long.

###EX QUESTION

Translate each entry of a ledger into the other notation: decimal numbers into standard Roman numerals (using the subtractive pairs IV, IX, XL, XC, CD, CM) and Roman numerals into decimal numbers, one entry per line.

###EX SUMMARY

Convert a list of numbers between Roman and ordinary notation.

###EX QUESTION

Version labels are an optional v or V followed by non-negative integers separated by dots. Compare them component by component as integers, missing components counting as 0, so 2, v2.0 and 2.0.0 are equal. Print the labels sorted by version, equal versions in input order, each exactly as given.

###EX SUMMARY

Put a list of software version numbers in order.

###EX QUESTION

A word is a maximal run of English letters, compared case-insensitively and reported in lowercase; words shorter than m letters are ignored. Print the k most frequent words with their counts, most frequent first, ties in alphabetical order.

###EX SUMMARY

Find the words a text uses most often.

###EX QUESTION

Write a function that returns the number of days from one date to another, written year-month-day with optional leading zeros: positive when the second is later, negative when earlier. Use the Gregorian calendar for every year, and return None if either string is not a valid date.

###EX SUMMARY

Count the days between two dates typed by a user.

###FORMAL QUESTION

{{question}}

###SUMMARY

<YOUR SUMMARY HERE>`;

/** Ours: an obfuscated statement the checks rejected (too long, or holding hidden test data) and why. */
export const OBFUSCATE_RETRY = `Your summary cannot be used: {{reasons}}. Write it again under 'SUMMARY': one sentence in natural language, much shorter than the question, without any example input or output.`;

/** Ours (the paper's GPT-4o prompt is not printed): does the feedback say the program is correct? */
export const JUDGE = `A user reviewed a program a coding assistant wrote for a programming problem, and gave the feedback below.

Feedback:
"""
{{feedback}}
"""

Does this feedback claim that the program is correct, or that it is incorrect? Feedback that asks for any change to how the program behaves claims it is incorrect. Answer with one word: CORRECT or INCORRECT.`;

export const TALK_TEMPLATES: Record<string, string> = {
  'user.system': USER_SYSTEM,
  'user.paragraph': USER_PARAGRAPH,
  'user.sentence': USER_SENTENCE,
  'user.code-feedback': USER_CODE_FEEDBACK,
  'user.query-rephrasing': USER_QUERY_REPHRASING,
  'user.mixed': USER_MIXED,
  'user.retry': USER_RETRY,
  'code.generate': CODER_GENERATE,
  'code.refine': CODER_REFINE,
  'code.critique': CODER_CRITIQUE,
  obfuscate: OBFUSCATE,
  'obfuscate.retry': OBFUSCATE_RETRY,
  judge: JUDGE,
};
