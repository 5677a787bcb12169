// Messages between the sandbox host (trusted) and a Python worker (runs untrusted code).
// Everything a worker sends is validated by the host with WorkerEventSchema.
import * as v from 'valibot';
import { RawTestResultSchema, StartPhasesSchema, type JobRequest } from '../src/core/exec/sandbox-api.ts';
export type { StartPhases } from '../src/core/exec/sandbox-api.ts';
import type { PyodideFiles } from '../src/sandbox/pyodide-files.ts';

export interface InitMessage {
  type: 'init';
  /** The Pyodide runtime, fetched by the app: the sandbox itself has no network. */
  files: PyodideFiles;
  /** Int32Array(1) the host writes 2 into to interrupt (cross-origin isolated pages only). */
  interrupt?: SharedArrayBuffer;
  memoryLimitMb: number;
  /** A Pyodide memory snapshot to start from (much faster than a full start). */
  snapshot?: ArrayBuffer;
  /** Without a snapshot: make one and offer it with the ready event. */
  makeSnapshot?: boolean;
  /** Measurement only (bench:exec): no restoration of the interpreter between jobs. */
  reuseInterpreter?: boolean;
}

/**
 * A workspace's files at the end of one part of a job, for its next part (a fresh interpreter):
 * each path with its bytes, or null for a directory. files is null when the workspace was too
 * large to carry (the next part then starts from the job's own files).
 */
export interface WorkspaceCarry {
  files: [string, Uint8Array<ArrayBuffer> | null][] | null;
  scriptFailed: boolean;
}

export interface JobMessage {
  type: 'job';
  /** Random per dispatch; a worker event without the current nonce is rejected. */
  nonce: string;
  job: JobRequest;
  slice: SliceMessage;
}

/** How the worker runs this part of the job (SliceOptions in job-runner.ts). */
export interface SliceMessage {
  budgetMs?: number;
  timeouts?: number;
  carry?: WorkspaceCarry;
  firstIndex?: number;
}

export type HostMessage = InitMessage | JobMessage;

const nonce = v.pipe(v.string(), v.maxLength(64));
const CARRY_CAP = 64 * 1024 * 1024;
const carriedBytes = (files: readonly (readonly [string, Uint8Array | null])[] | null) => (files ?? []).reduce((n, [, data]) => n + (data?.length ?? 0), 0);
const CarrySchema = v.object({
  files: v.nullable(
    v.pipe(
      v.array(v.tuple([v.pipe(v.string(), v.minLength(1), v.maxLength(4096)), v.nullable(v.instance(Uint8Array))])),
      v.maxLength(10_000),
      v.check((files) => carriedBytes(files) <= CARRY_CAP, 'carry too large'),
    ),
  ),
  scriptFailed: v.boolean(),
});
export const MAX_SNAPSHOT_BYTES = 256 * 1024 * 1024;
const index = v.pipe(v.number(), v.integer(), v.minValue(0));

export const WorkerEventSchema = v.variant('type', [
  v.object({
    type: v.literal('ready'),
    pyodideVersion: v.pipe(v.string(), v.maxLength(50)),
    pythonVersion: v.pipe(v.string(), v.maxLength(200)),
    loadMs: v.number(),
    /** How the interpreter started: from a given snapshot, or fully (making a snapshot). */
    start: v.picklist(['snapshot', 'full']),
    phases: StartPhasesSchema,
    /** Made on request right after a full start, before any program ran; offered to the pool. */
    snapshot: v.optional(
      v.pipe(
        v.instance(ArrayBuffer),
        v.check((b) => b.byteLength <= MAX_SNAPSHOT_BYTES, 'snapshot too large'),
      ),
    ),
  }),
  v.object({ type: v.literal('init-failed'), error: v.pipe(v.string(), v.maxLength(4000)) }),
  v.object({ type: v.literal('test-start'), nonce, index }),
  v.object({ type: v.literal('test-result'), nonce, index, result: RawTestResultSchema }),
  v.object({
    type: v.literal('job-end'),
    nonce,
    completed: index,
    /** The worker asks to be replaced (fatal error, large heap, inconsistent state). */
    recycle: v.boolean(),
    heapMb: v.number(),
    /** The job changed the worker's JavaScript realm: its results are void. */
    realmChanged: v.boolean(),
    /** Why the worker cannot go on after this job (it is replaced), when it is the job's doing. */
    why: v.optional(v.pipe(v.string(), v.maxLength(300))),
    carry: v.optional(CarrySchema),
  }),
]);
export type WorkerEvent = v.InferOutput<typeof WorkerEventSchema>;

/** Runner events before the worker stamps them with the job nonce. */
export type RunnerEvent =
  | { type: 'test-start'; index: number }
  | { type: 'test-result'; index: number; result: v.InferOutput<typeof RawTestResultSchema> }
  | { type: 'job-end'; completed: number; recycle: boolean; heapMb: number; realmChanged: boolean; why?: string; carry?: WorkspaceCarry };
