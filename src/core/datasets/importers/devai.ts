// DevAI rows (the Interview protocol): name, query, requirements[{requirement_id,
// prerequisites[], criteria, category}], preferences[], tags.
import { prerequisiteCycle, type InterviewTask, type Requirement } from '../../model/task.ts';
import { isArray, isRecord, isString, need, RowError, type Row } from './files.ts';
import { convertRows, slug, type ImportResult } from './result.ts';

const isInt = (v: unknown): v is number => Number.isInteger(v);

function devaiRow(row: Row): InterviewTask {
  if (!isRecord(row.value)) throw new RowError('not an object', 'each row must be a JSON object');
  const r = row.value;
  const name = need(r.name, 'name', isString, 'a string');
  const query = need(r.query, 'query', isString, 'a string');
  const reqs = need(r.requirements, 'requirements', isArray, 'a list');
  if (reqs.length === 0) throw new RowError('no requirements', 'requirements is empty');
  const requirements: Requirement[] = reqs.map((q, i) => {
    if (!isRecord(q)) throw new RowError('wrong type: requirement', `requirement ${i + 1} should be an object`);
    return {
      id: need(q.requirement_id, `requirements[${i}].requirement_id`, isInt, 'an integer'),
      prerequisites: need(q.prerequisites ?? [], `requirements[${i}].prerequisites`, (v): v is number[] => Array.isArray(v) && v.every(isInt), 'a list of integers'),
      criteria: need(q.criteria, `requirements[${i}].criteria`, isString, 'a string'),
      category: typeof q.category === 'string' ? q.category : '',
    };
  });
  const ids = new Set(requirements.map((q) => q.id));
  if (ids.size !== requirements.length) throw new RowError('duplicate requirement id', 'requirement ids must be unique');
  const dangling = requirements.flatMap((q) => q.prerequisites.filter((p) => !ids.has(p)).map((p) => `${q.id}→${p}`));
  if (dangling.length) throw new RowError('unknown prerequisite', `prerequisites name missing requirements: ${dangling.join(', ')}`);
  const cycle = prerequisiteCycle(requirements);
  if (cycle.length) throw new RowError('prerequisite cycle', `requirements ${cycle.join(' → ')} depend on each other`);
  const preferences = isArray(r.preferences) ? r.preferences.map((p) => (isRecord(p) && typeof p.criteria === 'string' ? p.criteria : String(p))) : [];
  return {
    id: `devai-${slug(name)}`,
    title: name.replace(/_/g, ' '),
    query,
    requirements,
    preferences,
    tags: isArray(r.tags) ? r.tags.map(String) : [],
    source: { name: 'devai' },
  };
}

export function importDevai(rows: Row[]): ImportResult<InterviewTask> {
  return convertRows(rows, devaiRow);
}
