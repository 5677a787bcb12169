// Models kept in this browser: one folder per model in the Origin Private File System
// (hintbench-models/<id>/: its parts 1.gguf, 2.gguf, … and meta.json). The runs live in
// IndexedDB; nothing here is counted with them, and removing a model never touches a run.
// Written through sync access handles, from the engine's worker only, so a download that stops
// keeps every byte written, and resumes from there with a Range request; read from the page too.
import type { StoredModel } from './api.ts';

const ROOT = 'hintbench-models';

async function root(): Promise<FileSystemDirectoryHandle> {
  return (await navigator.storage.getDirectory()).getDirectoryHandle(ROOT, { create: true });
}

const folder = async (id: string, create = false) => (await root()).getDirectoryHandle(id, { create });

export async function readMeta(id: string): Promise<StoredModel | null> {
  try {
    const file = await (await (await folder(id)).getFileHandle('meta.json')).getFile();
    return JSON.parse(await file.text()) as StoredModel;
  } catch {
    return null;
  }
}

export async function writeMeta(meta: StoredModel): Promise<void> {
  const handle = await (await folder(meta.id, true)).getFileHandle('meta.json', { create: true });
  const access = await handle.createSyncAccessHandle();
  try {
    const bytes = new TextEncoder().encode(JSON.stringify(meta));
    access.truncate(0);
    access.write(bytes, { at: 0 });
    access.flush();
  } finally {
    access.close();
  }
}

/** Every stored model (unfinished downloads too), newest first. */
export async function listModels(): Promise<StoredModel[]> {
  const out: StoredModel[] = [];
  for await (const [name, handle] of (await root()).entries()) {
    if (handle.kind !== 'directory') continue;
    const meta = await readMeta(name);
    if (meta) out.push({ ...meta, storedBytes: await storedBytes(meta) });
  }
  return out.sort((a, b) => b.storedAt.localeCompare(a.storedAt));
}

async function storedBytes(meta: StoredModel): Promise<number> {
  let sum = 0;
  for (let i = 0; i < meta.parts.length; i++) sum += await partSize(meta.id, i);
  return sum;
}

export async function partSize(id: string, index: number): Promise<number> {
  try {
    return (await (await (await folder(id)).getFileHandle(`${index + 1}.gguf`)).getFile()).size;
  } catch {
    return 0;
  }
}

/** A part opened for writing, with what it holds so far. */
export async function openPart(id: string, index: number): Promise<FileSystemSyncAccessHandle> {
  const handle = await (await folder(id, true)).getFileHandle(`${index + 1}.gguf`, { create: true });
  return handle.createSyncAccessHandle();
}

/** A stored model's files, in order, to load. */
export async function modelFiles(id: string): Promise<File[]> {
  const meta = await readMeta(id);
  if (!meta?.complete) throw new Error(meta ? `${id} is not completely downloaded yet` : `no model ${id} is stored in this browser`);
  const dir = await folder(id);
  return Promise.all(meta.parts.map(async (_, i) => (await dir.getFileHandle(`${i + 1}.gguf`)).getFile()));
}

export async function removeModel(id: string): Promise<void> {
  await (await root()).removeEntry(id, { recursive: true }).catch((err: unknown) => {
    if ((err as DOMException)?.name !== 'NotFoundError') throw err;
  });
}
