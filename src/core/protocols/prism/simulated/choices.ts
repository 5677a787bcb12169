// The keyless models each Prism role offers, as the Run page and run configurations name them.
// Each is labelled "simulated" wherever it appears.
import { simulatedSpec, type SimulatedChoice } from '../../../llm/specs.ts';
import { profileChoices } from '../../../llm/simulated/profile-models.ts';
import { PAPER_DIFFICULTIES } from '../concepts.ts';
import { PROFILES } from './capability.ts';
import { STRUCTURED_PROFILES } from './maps.ts';

export const MODEL_CHOICES: readonly SimulatedChoice[] = Object.values(PROFILES)
  .map((p): SimulatedChoice => ({
    profile: p.id,
    label: `Simulated model, ${p.label} (hidden capability map)`,
    help: `Answers bank problems with the reference or a mutant, and writes the bank's tests or a wrong copy, with chances set by a seeded per-concept skill (mean logit ${p.base}) that falls with difficulty and with each added concept`,
  }))
  .concat(
    Object.values(STRUCTURED_PROFILES).map((p) => ({
      profile: p.id,
      label: `Simulated model, ${p.label} (hidden map with planted structure)`,
      help: `As the other simulated models (mean logit ${p.base}), with structure the additive skills do not explain: ${(p.planted ?? [])
        .map((x) =>
          x.kind === 'pair'
            ? `${x.concepts.join(' with ')} fail together`
            : `${x.concept} fails ${x.kind === 'cell' ? 'at' : 'from'} ${PAPER_DIFFICULTIES[x.level]}${x.kind === 'cell' ? ' only' : ' up'}`,
        )
        .join('; ')}`,
    })),
  )
  .concat(profileChoices('PrismBench'));

export const DESIGNER_CHOICE: SimulatedChoice = {
  profile: 'bank',
  id: 'bank-designer',
  label: 'Bank designer (simulated)',
  help: 'Draws each challenge from the authored problem bank (datasets/prism/): the problem that best fits the node’s concepts and level',
};
export const DESIGNER_CHOICES: readonly SimulatedChoice[] = [DESIGNER_CHOICE];
export const BANK_DESIGNER = simulatedSpec(DESIGNER_CHOICE, 'designer');

export const ANALYSER_CHOICES: readonly SimulatedChoice[] = [
  {
    profile: 'rules',
    id: 'rule-analyser',
    label: 'Rule-based analyser (simulated)',
    help: 'Reports test issues, error categories and solution patterns from the programs and their run, by fixed rules',
  },
];
