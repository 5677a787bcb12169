// The members of the PAIR family, and the traits the views read from them (scenarios or not,
// what a revision turn of a baseline is).
import { noHint, NO_HINT_SPEC } from './baselines/no-hint.ts';
import { vanilla, VANILLA_SPEC } from './baselines/vanilla.ts';
import type { RepairSpec } from './family.ts';
import { pair, PAIR_SPEC } from './pair.ts';

export const FAMILY = [pair, vanilla, noHint] as const;

const traits = new Map<string, RepairSpec>([PAIR_SPEC, VANILLA_SPEC, NO_HINT_SPEC].map((s) => [s.id, s]));

/** The PAIR-family traits of a protocol (undefined for other protocols). */
export const familyOf = (protocolId: string): RepairSpec | undefined => traits.get(protocolId);
