// The simulated analyser: reports in the formats the analyser prompts ask for, written by fixed
// rules from the programs and their run — test issues from what the suite does not exercise,
// error categories from the exceptions and failures in the output, solution patterns from the
// constructs the code uses. Offline, free, deterministic.
import { simulatedResponse } from '../../../llm/simulated/reply.ts';
import type { ChatModel, ChatRequest, ChatResponse } from '../../../llm/types.ts';
import { contextOf, type AnalyserContext } from './contexts.ts';

function validation(tests: string): string {
  const methods = (tests.match(/def test_\w+/g) ?? []).length;
  const missing: string[] = [];
  if (methods < 5) missing.push(`- edge_case: only ${methods} test method(s); more cases are needed`);
  if (!/assertRaises/.test(tests)) missing.push('- error_handling: no test checks an error the problem defines');
  if (!/\(\s*(\[\]|""|''|0)\s*[,)]/.test(tests)) missing.push('- boundary_values: no test with an empty or zero input');
  if (!/range\(|\*\s*\d{3,}|10\s*\*\*/.test(tests)) missing.push('- performance_tests: no large input');
  const edges = /-\d/.test(tests) ? [] : ['- special_inputs: no negative values'];
  return `<test_validation>\nMissing Test Scenarios:\n${missing.join('\n') || '- none'}\nIncorrect Assertions:\n- none\nSuggestions for Improving Test Coverage:\n- data_coverage: vary the sizes and values of the inputs\nAnalysis of Edge Cases:\n${edges.join('\n') || '- none'}\n</test_validation>\n`;
}

const EXCEPTIONS: [RegExp, string][] = [
  [/AssertionError/, 'assertion_error'],
  [/TypeError/, 'type_error'],
  [/IndexError/, 'index_error'],
  [/KeyError/, 'key_error'],
  [/ValueError/, 'value_error'],
  [/AttributeError/, 'attribute_error'],
  [/NameError/, 'name_error'],
  [/RecursionError/, 'recursion_error'],
  [/SyntaxError|IndentationError/, 'syntax_error'],
  [/ImportError|ModuleNotFoundError/, 'import_error'],
  [/time limit/i, 'timeout_error'],
];

function errors(output: string): string {
  const blocks = output.split(/\n(?=(?:FAIL|ERROR): )/).filter((b) => /^(FAIL|ERROR): /.test(b));
  const lines = blocks.map((b) => {
    const name = /^(?:FAIL|ERROR): (\S+)/.exec(b)?.[1] ?? 'test';
    const category = EXCEPTIONS.find(([re]) => re.test(b))?.[1] ?? 'logic_error';
    return `- ${category}: ${name}: ${category === 'assertion_error' ? 'the result differs from the expected value' : 'the run raised an exception'}`;
  });
  if (!lines.length) lines.push(`- ${EXCEPTIONS.find(([re]) => re.test(output))?.[1] ?? 'setup_error'}: the tests did not run`);
  return `Test Failures:\n${lines.join('\n')}\n\nRoot Causes:\n- see the failing assertions above\n`;
}

function patterns(solution: string): string {
  const name = 'solution';
  const calls = (solution.match(new RegExp(`\\b${name}\\(`, 'g')) ?? []).length;
  const nested = /\n\s+def \w+\(/.test(solution);
  const strategy = /lru_cache|memo|\bdp\b|best\s*=\s*\[|table/.test(solution)
    ? 'dynamic programming'
    : calls > 1 || (nested && /return .*\w+\(/.test(solution))
      ? 'recursion'
      : /heapq|deque|bisect/.test(solution)
        ? 'library data structure'
        : /while lo <= hi|bisect/.test(solution)
          ? 'binary search'
          : /sorted\(|\.sort\(/.test(solution)
            ? 'sorting'
            : /for .* in .*:\s*\n\s+for /.test(solution)
              ? 'nested loops'
              : 'single pass';
  const structures = [
    [/\{\}|dict\(|\.get\(/, 'dict'],
    [/set\(/, 'set'],
    [/deque/, 'deque'],
    [/heapq/, 'heap'],
    [/\.append\(|\[\]/, 'list'],
    [/\.pop\(\)/, 'stack'],
  ]
    .filter(([re]) => (re as RegExp).test(solution))
    .map(([, n]) => n);
  return JSON.stringify({
    algorithm: { strategy, time: 'unknown', space: 'unknown' },
    data_structures: structures,
    error_handling: /raise|except/.test(solution) ? 'exceptions' : 'none',
    anti_patterns: [],
  });
}

export class RuleBasedAnalyser implements ChatModel {
  readonly simulated = true;
  constructor(
    readonly id: string,
    readonly label: string,
  ) {}

  async chat(request: ChatRequest): Promise<ChatResponse> {
    const ctx = contextOf<AnalyserContext>(request.context, 'task');
    const reply = (text: string) => simulatedResponse(request.model, request.messages, text);
    if (!ctx) return reply('Send me the tests, the solution and the run to analyse.');
    if (ctx.task === 'validate') return reply(validation(ctx.tests ?? ''));
    if (ctx.task === 'errors') return reply(errors(ctx.output ?? ''));
    return reply(patterns(ctx.solution ?? ''));
  }
}
