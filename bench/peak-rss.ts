// The peak memory a measured command left in its RSS file (`/usr/bin/time -f %M`, or
// scale-rss.ts where that is missing), in MB; the file is removed. null when it holds no figure.
import { readFileSync, rmSync } from 'node:fs';

export function takePeakRssMb(rssFile: string): number | null {
  let mb: number | null = null;
  try {
    const kb = Number(readFileSync(rssFile, 'utf8').trim().split('\n').at(-1));
    if (Number.isFinite(kb) && kb > 0) mb = Math.round(kb / 102.4) / 10;
  } catch {
    /* no figure */
  }
  rmSync(rssFile, { force: true });
  return mb;
}
