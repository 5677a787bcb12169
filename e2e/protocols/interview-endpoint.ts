// A local OpenAI-compatible endpoint on 127.0.0.1 playing every role of an Interview run: the
// interviewee (a project with one defect, then the reference once it has a hint), the
// interviewer (a hint that pastes a whole file of the reference, then "INTERVIEW IS OVER.", and a
// report), the judge, and embeddings. It answers some requests with 429 and 500 first, and
// keeps every request for the test to read.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { InterviewTask } from '../../src/core/model/task.ts';
import { applyEdits } from '../../src/core/protocols/interview/defects.ts';
import { INTERVIEW_TEMPLATES } from '../../src/core/protocols/interview/prompts.ts';
import { renderSolution } from '../../src/core/protocols/interview/solution.ts';
import { completion } from '../local-endpoint.ts';

export interface Seen {
  n: number;
  url: string;
  status: number;
  body: { model: string; messages?: { role: string; content: string }[]; input?: string[] };
}

export interface InterviewEndpoint {
  baseURL: string;
  seen: Seen[];
  close(): Promise<void>;
}

/** The role a chat request is for, from its system prompt. */
export function roleOf(messages: { role: string; content: string }[]): 'interviewee' | 'interviewer' | 'judge' {
  const system = messages[0]?.content ?? '';
  return system.includes('coding interviewee') ? 'interviewee' : system.includes('technical interviewer') ? 'interviewer' : 'judge';
}

/** `faults`: request number (1-based) → the HTTP status it gets instead of an answer. */
export async function startInterviewEndpoint(key: string, task: InterviewTask, faults: Record<number, number>): Promise<InterviewEndpoint> {
  const reference = task.reference!;
  const defective = applyEdits(reference, task.requirements[1]!.defect!.edits);
  const [file, text] = Object.entries(reference).find(([p]) => p.endsWith('.py') && p !== 'src/main.py')!;
  const seen: Seen[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const n = seen.length + 1;
      const body = JSON.parse(raw || '{}') as Seen['body'];
      const reply = (status: number, value: unknown, headers: Record<string, string> = {}) => {
        seen.push({ n, url: req.url ?? '', status, body });
        res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(value));
      };
      if (req.headers.authorization !== `Bearer ${key}`) return reply(401, { error: { message: 'Incorrect API key provided' } });
      const fault = faults[n];
      if (fault)
        return reply(
          fault,
          { error: { message: fault === 429 ? 'Rate limit reached' : 'The server had an error' } },
          fault === 429 ? { 'retry-after': '1' } : {},
        );
      if (req.url === '/v1/embeddings') {
        const vector = (t: string) => ['region', 'month', 'summary', 'svg', 'log', 'revenue'].map((w) => (t.toLowerCase().includes(w) ? 1 : 0.02));
        return reply(200, {
          object: 'list',
          model: body.model,
          data: body.input!.map((t, index) => ({ object: 'embedding', index, embedding: vector(t) })),
          usage: { prompt_tokens: 20, total_tokens: 20 },
        });
      }
      if (req.url !== '/v1/chat/completions') return reply(404, { error: { message: `no route ${req.url}` } });
      const messages = body.messages!;
      const role = roleOf(messages);
      let content: string;
      if (role === 'interviewee') content = `Here is the project.\n\n${renderSolution(messages.some((m) => m.role === 'assistant') ? reference : defective)}`;
      else if (role === 'judge') content = '<SATISFIED> The retrieved code implements it.';
      else if (messages.at(-1)!.content === INTERVIEW_TEMPLATES.report)
        content = '1. **Region order**: the revenue per region was sorted lowest first; one hint fixed it.\n\nOverall, one hint sufficed.';
      else if (messages.filter((m) => m.role === 'user').length === 1)
        content = `Sort the regions by revenue, highest first, as the reference does. Here is its ${file}:\n${text}`;
      else content = 'INTERVIEW IS OVER.';
      const prompt = messages.map((m) => m.content).join('\n');
      reply(200, completion(n, body.model, content, { prompt: Math.ceil(prompt.length / 4), completion: Math.ceil(content.length / 4) }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    seen,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
