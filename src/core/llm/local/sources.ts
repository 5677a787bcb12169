// Where an in-browser model's GGUF comes from: a URL (a Hugging Face page's link or its
// `resolve` link, or any other host that answers CORS) or files the user picked. Split models
// (gguf-split's `name-00001-of-00003.gguf`) are named by any one part; every part is fetched.

/** gguf-split's part names: …-00001-of-00003.gguf. */
const SPLIT = /-(\d{5})-of-(\d{5})\.gguf$/i;

export interface ModelSource {
  /** The files' URLs, in order (one, or every part of a split model). */
  urls: string[];
  /** The model's name in this browser: the file name, without a split part's number. */
  id: string;
}

/** A stored model's id from a file name: its name without `.gguf` and a part number, in letters, digits, `.`, `-`, `_`. */
export function modelIdOf(fileName: string): string {
  const base = fileName.split('/').pop()!.split('?')[0]!;
  const stem = base.replace(SPLIT, '').replace(/\.gguf$/i, '');
  return stem.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'model';
}

/**
 * A model's files from a link. Hugging Face page links (`/blob/`) become their file links
 * (`/resolve/`), hf.co becomes huggingface.co; a part of a split model names every part.
 */
export function sourceFromUrl(input: string): ModelSource {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw new Error('enter the link of a .gguf file (https://…)');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('the link must start with https:// (or http:// for a server on this machine)');
  if (url.hostname === 'hf.co') url.hostname = 'huggingface.co';
  if (url.hostname === 'huggingface.co') url.pathname = url.pathname.replace(/^(\/[^/]+\/[^/]+)\/blob\//, '$1/resolve/');
  const name = decodeURIComponent(url.pathname.split('/').pop() ?? '');
  if (!/\.gguf$/i.test(name)) throw new Error(`“${name || url.pathname}” is not a .gguf file: link the model's GGUF file itself`);
  if (url.hostname === 'huggingface.co' && !/^\/[^/]+\/[^/]+\/resolve\//.test(url.pathname))
    throw new Error('a Hugging Face link to a file goes …/<owner>/<repo>/resolve/<revision>/<file>.gguf (or …/blob/…)');
  const split = SPLIT.exec(url.pathname);
  if (!split) return { urls: [url.href], id: modelIdOf(name) };
  const count = Number(split[2]);
  if (count < 1 || Number(split[1]) < 1 || Number(split[1]) > count) throw new Error(`“${name}” is not a part of a split model (its numbers do not add up)`);
  const urls = Array.from({ length: count }, (_, i) => {
    const part = new URL(url.href);
    part.pathname = url.pathname.replace(SPLIT, `-${String(i + 1).padStart(5, '0')}-of-${split[2]}.gguf`);
    return part.href;
  });
  return { urls, id: modelIdOf(name) };
}

/**
 * Files the user picked, in the order a split model's parts go. A split model needs every
 * part; files of different models are an error.
 */
export function orderFiles<T extends { name: string }>(files: readonly T[]): { files: T[]; id: string } {
  if (!files.length) throw new Error('choose a .gguf file');
  const bad = files.find((f) => !/\.gguf$/i.test(f.name));
  if (bad) throw new Error(`“${bad.name}” is not a .gguf file`);
  if (files.length === 1 && !SPLIT.test(files[0]!.name)) return { files: [...files], id: modelIdOf(files[0]!.name) };
  const parts = files.map((f) => ({ f, m: SPLIT.exec(f.name) }));
  const loose = parts.find((p) => !p.m);
  if (loose) throw new Error(`“${loose.f.name}” is not a part of a split model: choose one model's file, or every part of one split model`);
  const ids = new Set(files.map((f) => modelIdOf(f.name)));
  if (ids.size > 1) throw new Error(`these files belong to different models (${[...ids].join(', ')})`);
  const count = Number(parts[0]!.m![2]);
  const sorted = parts.sort((a, b) => Number(a.m![1]) - Number(b.m![1])).map((p) => p.f);
  const have = new Set(parts.map((p) => Number(p.m![1])));
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !have.has(i));
  if (missing.length || parts.some((p) => Number(p.m![2]) !== count))
    throw new Error(`a split model needs all its ${count} parts: missing part${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);
  return { files: sorted, id: [...ids][0]! };
}
