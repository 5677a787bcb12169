// DevAI rows (the Interview protocol): name, query, requirements[{requirement_id,
// prerequisites[], criteria, category}], preferences[], tags, and the flags saying what a task
// needs (Kaggle, training, the web). Every requirement and prerequisite is kept as written. DevAI
// projects need packages and downloads the sandbox cannot provide, and come with no reference
// or checks: imported tasks are marked not executable here, and only the LLM judge scores them.
import { graphProblems, type InterviewTask, type Requirement } from '../../model/task.ts';
import { isArray, isRecord, isString, need, RowError, type Row } from './files.ts';
import { convertRows, slug, type ImportResult } from './result.ts';

const isInt = (v: unknown): v is number => Number.isInteger(v);

/** Why a DevAI task cannot run in the sandbox, from its flags. */
function notExecutable(r: Record<string, unknown>): string {
  const needs = [
    'PyTorch, Hugging Face or scikit-learn-style packages the sandbox cannot load',
    ...(r.is_kaggle_api_needed === true ? ['the Kaggle API'] : []),
    ...(r.is_web_navigation_needed === true ? ['web downloads'] : []),
  ];
  return `DevAI projects need ${needs.join(', ')}, and this task has no data files or checks here`;
}

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
      prerequisites: need(
        q.prerequisites ?? [],
        `requirements[${i}].prerequisites`,
        (v): v is number[] => Array.isArray(v) && v.every(isInt),
        'a list of integers',
      ),
      criteria: need(q.criteria, `requirements[${i}].criteria`, isString, 'a string'),
      category: typeof q.category === 'string' ? q.category : '',
    };
  });
  const [problem] = graphProblems(requirements);
  if (problem) throw new RowError(problem.reason, problem.detail);
  const preferences = isArray(r.preferences) ? r.preferences.map((p) => (isRecord(p) && typeof p.criteria === 'string' ? p.criteria : String(p))) : [];
  return {
    id: `devai-${slug(name)}`,
    title: name.replace(/_/g, ' '),
    query,
    requirements,
    preferences,
    tags: isArray(r.tags) ? r.tags.map(String) : [],
    source: { name: 'devai', ...(typeof r.resource === 'string' ? { url: r.resource } : {}) },
    notExecutable: notExecutable(r),
  };
}

export function importDevai(rows: Row[]): ImportResult<InterviewTask> {
  return convertRows(rows, devaiRow);
}
