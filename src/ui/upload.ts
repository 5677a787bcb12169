// Reading user uploads (file pickers, folder pickers, drag and drop of files and folders)
// into the virtual files the importers take.
import type { VirtualFile } from '../core/datasets/importers/index.ts';

async function toVirtual(file: File, path: string): Promise<VirtualFile> {
  return { path, data: new Uint8Array(await file.arrayBuffer()) };
}

/** Files from an <input type="file"> (with or without webkitdirectory). */
export function fromInput(list: FileList): Promise<VirtualFile[]> {
  return Promise.all([...list].map((f) => toVirtual(f, f.webkitRelativePath || f.name)));
}

function readAll(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  return new Promise((resolve, reject) => {
    const out: FileSystemEntry[] = [];
    const next = () =>
      reader.readEntries((batch) => {
        if (batch.length === 0) resolve(out);
        else {
          out.push(...batch);
          next();
        }
      }, reject);
    next();
  });
}

async function walk(entry: FileSystemEntry, out: VirtualFile[]): Promise<void> {
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject));
    out.push(await toVirtual(file, entry.fullPath.replace(/^\//, '')));
  } else if (entry.isDirectory) {
    for (const child of await readAll((entry as FileSystemDirectoryEntry).createReader())) await walk(child, out);
  }
}

/** Files and folders dropped on the page. */
export async function fromDrop(transfer: DataTransfer): Promise<VirtualFile[]> {
  const entries = [...transfer.items].map((item) => item.webkitGetAsEntry?.()).filter((e): e is FileSystemEntry => Boolean(e));
  if (entries.length === 0) return fromInput(transfer.files);
  const out: VirtualFile[] = [];
  for (const entry of entries) await walk(entry, out);
  return out;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
