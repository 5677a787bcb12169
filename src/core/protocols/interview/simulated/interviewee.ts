// Simulated interviewees of known skill. The first draft is the task's reference with some of its
// requirements' defects applied (each with a chance that falls with skill); the same draft starts
// the unguided attempt and the guided conversation. Each revision reads the hint: the requirement
// it is about (named, as R2 or "requirement 2", or else the one whose defect it matches best),
// and how explicit it is (a code quote, the file or function named, or neither); the defect is
// fixed with a chance that grows with skill and explicitness. A revision may also bring back a
// defect fixed earlier. Every answer is a full project in the reply format Fig. 12 asks for, so
// the reading of replies is exercised too. Labelled "simulated" everywhere.
import { simulatedResponse } from '../../../llm/simulated/reply.ts';
import type { ChatModel, ChatRequest, ChatResponse } from '../../../llm/types.ts';
import type { InterviewTask, Requirement } from '../../../model/task.ts';
import { randomFor } from '../../../random.ts';
import { Bm25 } from '../../../text/bm25.ts';
import { applyEdits, hasDefect, undoEdits, type Files } from '../defects.ts';
import { longestQuote } from '../quotes.ts';
import { parseSolution, renderSolution } from '../solution.ts';
import type { IntervieweeContext } from './context.ts';

export interface IntervieweeSkill {
  /** The chance each requirement's defect is in the first draft. */
  defect: number;
  /** The chance a hint about a defect fixes it, by the hint's explicitness (1 conceptual, 2 names the place, 3 quotes code). */
  fix: readonly [number, number, number];
  /** The chance a revision brings back a defect fixed earlier. */
  regress: number;
}

export const INTERVIEWEE_SKILLS = {
  low: { defect: 0.7, fix: [0.25, 0.45, 0.65], regress: 0.12 },
  medium: { defect: 0.45, fix: [0.45, 0.65, 0.85], regress: 0.06 },
  high: { defect: 0.2, fix: [0.7, 0.85, 0.95], regress: 0.02 },
} as const satisfies Record<string, IntervieweeSkill>;

export type IntervieweeSkillName = keyof typeof INTERVIEWEE_SKILLS;

const RUNTIME_NOTE = ['results/', 'models/'];

/** The first draft: the reference with each defect applied at the skill's chance (defects that no longer apply are skipped). */
export function firstDraft(task: InterviewTask, skill: IntervieweeSkill, key: string): Record<string, string> {
  const random = randomFor('draft', key, task.id);
  let files: Record<string, string> = { ...(task.reference ?? {}) };
  for (const r of task.requirements) {
    if (!r.defect || random() >= skill.defect) continue;
    try {
      files = applyEdits(files, r.defect.edits);
    } catch {
      // two defects touch the same text: the draft keeps the first
    }
  }
  return files;
}

/** The requirement a hint is about, among those whose defect the project still has. */
export function hintTarget(hint: string, task: InterviewTask, active: readonly Requirement[]): Requirement | null {
  if (!active.length) return null;
  const named = [...hint.matchAll(/\bR(\d+)\b|\brequirement\s+(\d+)\b/gi)].map((m) => Number(m[1] ?? m[2]));
  const direct = named.map((id) => active.find((r) => r.id === id)).find((r) => r !== undefined);
  if (direct) return direct;
  const docs = active.map((r) => `${r.criteria} ${r.defect!.note} ${r.defect!.edits.map((e) => `${e.file} ${e.find}`).join(' ')}`);
  const scores = new Bm25(docs).scores(hint);
  const best = scores.indexOf(Math.max(...scores));
  return scores[best]! > 0 ? active[best]! : null;
}

/** How explicit a hint is about a requirement: 3 when it quotes code, 2 when it names the defect's file or a function in it, else 1. */
export function explicitness(hint: string, r: Requirement, reference: Files): 1 | 2 | 3 {
  if (/```/.test(hint) || longestQuote(hint, reference) >= 2) return 3;
  const places = r.defect!.edits.flatMap((e) => [
    e.file,
    e.file.split('/').pop()!,
    ...[...(reference[e.file] ?? '').matchAll(/def\s+(\w+)/g)].map((m) => m[1]!),
  ]);
  return places.some((p) => p.length > 3 && hint.includes(p)) ? 2 : 1;
}

export class SimulatedInterviewee implements ChatModel {
  readonly simulated = true;
  constructor(
    readonly id: string,
    readonly label: string,
    private readonly skill: IntervieweeSkill | 'oracle',
  ) {}

  async chat(request: ChatRequest): Promise<ChatResponse> {
    const ctx = request.context as IntervieweeContext | undefined;
    if (ctx?.kind !== 'interviewee') throw new Error(`${this.label} needs the task it works on (it runs only in the Interview protocol)`);
    const reference = ctx.task.reference ?? {};
    return simulatedResponse(request.model, request.messages, renderSolution(this.revise(request, ctx, reference), RUNTIME_NOTE));
  }

  private revise(request: ChatRequest, ctx: IntervieweeContext, reference: Files): Files {
    if (this.skill === 'oracle') return reference;
    const skill = this.skill;
    const draft = firstDraft(ctx.task, skill, ctx.draft);
    const previous = [...request.messages].reverse().find((m) => m.role === 'assistant');
    if (!previous) return draft;
    let files: Files = parseSolution(previous.content).files;
    const hint = request.messages.at(-1)?.role === 'user' ? request.messages.at(-1)!.content : '';
    const random = randomFor('revise', ctx.draft, ctx.turn);
    const withDefects = ctx.task.requirements.filter((r) => r.defect);
    const active = withDefects.filter((r) => hasDefect(files, r.defect!));
    const target = hintTarget(hint, ctx.task, active);
    if (target && random() < skill.fix[explicitness(hint, target, reference) - 1]!) files = tryEdits(files, undoEdits(target.defect!));
    const fixed = withDefects.filter((r) => hasDefect(draft, r.defect!) && !hasDefect(files, r.defect!) && r !== target);
    if (fixed.length && random() < skill.regress) files = tryEdits(files, fixed[Math.floor(random() * fixed.length)]!.defect!.edits);
    return files;
  }
}

function tryEdits(files: Files, edits: Parameters<typeof applyEdits>[1]): Files {
  try {
    return applyEdits(files, edits);
  } catch {
    return files;
  }
}
