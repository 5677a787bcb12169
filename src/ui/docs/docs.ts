// The user documentation (docs/*.md, shipped with the site) shown inside the app: headings get
// GitHub-style ids, and links between the docs stay in the app (#/docs/<name>/<anchor>). Each
// protocol's page comes from its registry entry.
import { PROTOCOL_LIST } from '../../core/protocols/registry.ts';

const protocolPages = [...new Map(PROTOCOL_LIST.map((p) => [p.docs.page, { name: p.docs.page, title: p.docs.title }])).values()];

export const DOCS: readonly { name: string; title: string }[] = [
  { name: 'start-here', title: 'Start here' },
  { name: 'README', title: 'Overview' },
  ...protocolPages,
  { name: 'metrics', title: 'Metrics' },
  { name: 'hints', title: 'Hints' },
  { name: 'teach', title: 'Teach mode' },
  { name: 'execution', title: 'Execution' },
  { name: 'security', title: 'Security model' },
  { name: 'datasets', title: 'Datasets' },
  { name: 'providers', title: 'Providers' },
  { name: 'local-models', title: 'Models in this browser' },
  { name: 'provider-corpus', title: 'Provider corpus' },
  { name: 'formats', title: 'File formats' },
  { name: 'sweeps', title: 'Sweeps' },
  { name: 'benchmarks', title: 'Benchmarks' },
  { name: 'architecture', title: 'Architecture' },
];

/** Pages for people who work on hintbench's code: they may name its files and tests; the others may not. */
export const DEVELOPER_DOCS: readonly string[] = ['benchmarks', 'architecture'];

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
export function slug(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** An in-app address for a docs link (`metrics.md#trs` → `#/docs/metrics/trs`), or null for other links. */
export function docsHref(link: string): string | null {
  const m = /^(?:\.\/|docs\/)?([\w-]+)\.md(?:#([\w-]+))?$/.exec(link);
  if (!m) return null;
  return `#/docs/${m[1]}${m[2] ? `/${m[2]}` : ''}`;
}

/**
 * A link of a docs page as an in-app address: `#keys` on the page `providers` →
 * `#/docs/providers/keys`, `security.md` → `#/docs/security`; an address already in the app, or
 * a link elsewhere, stays as it is (null).
 */
export function inAppHref(link: string, page: string): string | null {
  if (link.startsWith('#/')) return null;
  if (link.startsWith('#')) return `#/docs/${page}/${link.slice(1)}`;
  return docsHref(link) ?? docsFile(link);
}

/** A file beside the docs (`runlog.schema.json`), shipped under docs/: its address relative to the site. */
function docsFile(link: string): string | null {
  return /^(?:\.\/)?[\w.-]+\.(json|py)$/.test(link) ? `docs/${link.replace(/^\.\//, '')}` : null;
}

/** Where a metric is defined in docs/metrics.md. */
export const metricHref = (anchor: string) => `#/docs/metrics/${anchor}`;
