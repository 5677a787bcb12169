// A worker thread of the designs study: runs its seeds one after the other, with its own sandbox,
// and posts each seed's rows to the study (study.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { NodeExecutorPool } from '../../../../../workers/node-executor.ts';
import { ReusingExecutor, runSeed, type SeedOptions } from './study-run.ts';

const { seeds, options } = workerData as { seeds: number[]; options: SeedOptions };
const pool = new NodeExecutorPool(1);
const executor = new ReusingExecutor(pool);
for (const seed of seeds) {
  const rows = await runSeed(seed, options, executor);
  parentPort!.postMessage({ seed, rows, distinct: executor.distinct, reused: executor.hits });
}
await pool.close();
parentPort!.postMessage({ done: true });
