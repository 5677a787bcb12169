// Imported datasets in IndexedDB (app realm). Summaries and contents are stored apart so
// the list is cheap; both are written in one transaction.
import { openDB, type IDBPDatabase } from 'idb';
import { summaryOf, type Dataset, type DatasetStore, type DatasetSummary } from '../core/store/datasets.ts';

const DB_NAME = 'hintbench-datasets';

export class IdbDatasetStore implements DatasetStore {
  private db: Promise<IDBPDatabase> | null = null;

  private open(): Promise<IDBPDatabase> {
    this.db ??= openDB(DB_NAME, 1, {
      upgrade(db) {
        db.createObjectStore('summaries', { keyPath: 'id' });
        db.createObjectStore('contents');
      },
    });
    return this.db;
  }

  async list(): Promise<DatasetSummary[]> {
    const all = (await (await this.open()).getAll('summaries')) as DatasetSummary[];
    return all.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  async get(id: string): Promise<Dataset | undefined> {
    const db = await this.open();
    const summary = (await db.get('summaries', id)) as DatasetSummary | undefined;
    const contents = (await db.get('contents', id)) as Pick<Dataset, 'instances' | 'tasks'> | undefined;
    if (!summary || !contents) return undefined;
    const { instanceCount: _i, taskCount: _t, ...rest } = summary;
    return { ...rest, ...contents };
  }

  async put(dataset: Dataset): Promise<void> {
    const tx = (await this.open()).transaction(['summaries', 'contents'], 'readwrite');
    await Promise.all([
      tx.objectStore('summaries').put(summaryOf(dataset)),
      tx.objectStore('contents').put({ instances: dataset.instances, tasks: dataset.tasks }, dataset.id),
      tx.done,
    ]);
  }

  async delete(id: string): Promise<void> {
    const tx = (await this.open()).transaction(['summaries', 'contents'], 'readwrite');
    await Promise.all([tx.objectStore('summaries').delete(id), tx.objectStore('contents').delete(id), tx.done]);
  }
}
