// A protocol's parameters, declared once: each field's name, meaning, bounds and default. From
// the fields come the valibot schema that checks a configuration (with errors that name the
// parameter), the defaults, and the Run page's form.
import * as v from 'valibot';

interface FieldBase {
  key: string;
  /** As the form, the errors and the run headers name it, in plain words with the symbol beside it, e.g. "Turns (α)". */
  label: string;
  /** Its symbol in the paper, for one-line summaries ("α = 10"); the key when it has none. */
  symbol?: string;
  /** One sentence: what it changes (the form's tooltip). */
  help: string;
  /** A heading the Run page's form gathers fields under (e.g. "Phase 1"); ungrouped fields come first. */
  group?: string;
}

export type ParamField =
  | (FieldBase & { kind: 'int'; min: number; max?: number; default: number })
  | (FieldBase & { kind: 'number'; min?: number; max?: number; default: number })
  | (FieldBase & { kind: 'choice'; choices: readonly { value: string; label: string }[]; default: string })
  /** Names separated by commas, in order (e.g. a list of concepts): at least `min`, at most `max`, none twice. */
  | (FieldBase & { kind: 'list'; min: number; max: number; default: string });

/** A named set of values for some of a protocol's fields (the Run page fills the form with it). */
export interface ParamPreset {
  id: string;
  label: string;
  /** One sentence: where the values come from. */
  help: string;
  values: Readonly<Record<string, number | string>>;
}

export type ParamValues = Record<string, number | string>;

const got = (input: unknown) => `(got ${JSON.stringify(input) ?? String(input)})`;

/** The names of a list value, trimmed, blanks dropped. */
export const listItems = (value: string): string[] =>
  value
    .split(',')
    .map((x) => x.trim().replace(/\s+/g, ' '))
    .filter(Boolean);

function listSchema(f: Extract<ParamField, { kind: 'list' }>): v.GenericSchema<unknown, string> {
  const wrong = (i: { input: unknown }) => `${f.label} must be a list of ${f.min} to ${f.max} names separated by commas, none twice ${got(i.input)}`;
  return v.pipe(
    v.string(wrong),
    v.transform((x) => listItems(x).join(', ')),
    v.check((x) => {
      const items = listItems(x);
      return (
        items.length >= f.min && items.length <= f.max && new Set(items.map((n) => n.toLowerCase())).size === items.length && items.every((n) => n.length <= 60)
      );
    }, wrong),
  ) as v.GenericSchema<unknown, string>;
}

function fieldSchema(f: ParamField): v.GenericSchema<unknown, number | string> {
  if (f.kind === 'list') return listSchema(f);
  if (f.kind === 'choice') {
    const values = f.choices.map((c) => c.value);
    return v.picklist(values as [string, ...string[]], (i) => `${f.label} must be one of ${values.join(', ')} ${got(i.input)}`);
  }
  const low = f.kind === 'int' ? `a whole number of at least ${f.min}` : `a number${f.min !== undefined ? ` of at least ${f.min}` : ''}`;
  const below = (i: { input: unknown }) => `${f.label} must be ${low} ${got(i.input)}`;
  const above = (i: { input: unknown }) => `${f.label} must be at most ${f.max} ${got(i.input)}`;
  const checks: v.PipeItem<number, number, v.BaseIssue<unknown>>[] = [v.finite(below)];
  if (f.kind === 'int') checks.push(v.integer(below));
  if (f.min !== undefined) checks.push(v.minValue(f.min, below));
  if (f.max !== undefined) checks.push(v.maxValue(f.max, above));
  return v.pipe(v.number(below), ...checks) as v.GenericSchema<unknown, number>;
}

/** Defaults of every field. */
export const defaultsOf = (fields: readonly ParamField[]): ParamValues => Object.fromEntries(fields.map((f) => [f.key, f.default]));

/**
 * Check parameters against their fields: missing ones take their default, a value out of
 * bounds or an unknown name is an error that says which parameter and why.
 */
export function parseParams(fields: readonly ParamField[], raw: Record<string, unknown> | undefined, owner: string): ParamValues {
  const known = new Set(fields.map((f) => f.key));
  const unknown = Object.keys(raw ?? {}).filter((k) => !known.has(k));
  if (unknown.length)
    throw new Error(`${owner} has no parameter ${unknown.map((k) => `"${k}"`).join(', ')} (its parameters: ${fields.map((f) => f.key).join(', ') || 'none'})`);
  const out: ParamValues = {};
  for (const f of fields) {
    const value = raw?.[f.key] ?? f.default;
    const parsed = v.safeParse(fieldSchema(f), value);
    if (!parsed.success) throw new Error(parsed.issues[0]!.message);
    out[f.key] = parsed.output;
  }
  return out;
}

/** The numbers of a run's parameters in one line ("α = 10 · β = 3 · …"); choices and lists are left out. */
export function paramsLine(fields: readonly ParamField[], values: Record<string, unknown>): string {
  return numbered(fields, values)
    .map((f) => `${f.symbol ?? f.key} = ${String(values[f.key])}`)
    .join(' · ');
}

const numbered = (fields: readonly ParamField[], values: Record<string, unknown>) =>
  fields.filter((f) => f.kind !== 'choice' && f.kind !== 'list' && values[f.key] !== undefined);

/**
 * A field's name for a reader: its label with its symbol beside it ("Turns (α)", "Discount γ"),
 * or, when the label does not show one, with its symbol or key in brackets
 * ("Code generations per item (steps)").
 */
export function plainName(f: ParamField): string {
  const symbol = f.symbol ?? f.key;
  const shown = ` ${f.label.replace(/[(),]/g, ' ')} `.includes(` ${symbol} `);
  return shown || f.label.toLowerCase() === symbol.toLowerCase() ? f.label : `${f.label} (${symbol})`;
}

/** One parameter of a run as a header shows it: "Turns (α) = 10", with its help for a tooltip. */
export interface ParamPart {
  key: string;
  text: string;
  help: string;
}

/** The numbers of a run's parameters by their plain names (choices and lists are left out), in the fields' order. */
export const paramParts = (fields: readonly ParamField[], values: Record<string, unknown>): ParamPart[] =>
  numbered(fields, values).map((f) => ({ key: f.key, text: `${plainName(f)} = ${String(values[f.key])}`, help: f.help }));

/** A choice's value by its label ("Setting: Paragraph"), with the field's help; null for a field that is no choice. */
export function choicePart(f: ParamField | undefined, values: Record<string, unknown>): ParamPart | null {
  if (f?.kind !== 'choice') return null;
  const value = String(values[f.key] ?? f.default);
  return { key: f.key, text: `${f.label}: ${f.choices.find((c) => c.value === value)?.label ?? value}`, help: f.help };
}

/** The same in one line, e.g. for a run's name ("Turns (α) = 4, Failing tests per hint (m) = 2"). */
export const plainParamsLine = (fields: readonly ParamField[], values: Record<string, unknown>, separator = ' · '): string =>
  paramParts(fields, values)
    .map((p) => p.text)
    .join(separator);

/** Only the values of these fields (e.g. a form that holds every protocol's fields). */
export function pick(fields: readonly ParamField[], values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(fields.filter((f) => values[f.key] !== undefined).map((f) => [f.key, values[f.key]]));
}
