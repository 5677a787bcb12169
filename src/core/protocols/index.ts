// The protocols a run can use, by id.
import type { Protocol } from '../runner/protocol.ts';
import { noHint } from './baseline/no-hint.ts';
import { vanilla } from './baseline/vanilla.ts';
import { pair } from './pair/pair.ts';

export const PROTOCOLS: Record<string, Protocol> = { [pair.id]: pair, [vanilla.id]: vanilla, [noHint.id]: noHint };
