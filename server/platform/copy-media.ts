import fs from 'node:fs/promises';
import path from 'node:path';
import { KEY_PATTERN, type Storage, contentTypeOf } from './storage.ts';

export interface CopyReport {
  copied: number;
  /** Already in the target (a second run, or a picture made after the switch). */
  present: number;
  /** Files that are no storage key (a half-written `.tmp`, something put there by hand): left alone. */
  ignored: string[];
}

/**
 * Copies the pictures of a media folder (`DATA_DIR/media`) into another storage, the bucket when a
 * site moves to S3: each file under its key, what the target already has skipped, so it can run
 * again after an interrupted run or while the site already writes to the bucket.
 */
export async function copyMediaFolder(
  folder: string,
  target: Storage,
  options: { concurrency?: number; progress?: (done: number) => void } = {},
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, present: 0, ignored: [] };
  const entries = await fs.readdir(folder, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const keys: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const key = path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    if (KEY_PATTERN.test(key) && !key.includes('..')) keys.push(key);
    else report.ignored.push(key);
  }
  keys.sort();
  let next = 0;
  const worker = async () => {
    while (next < keys.length) {
      const key = keys[next++]!;
      const existing = await target.read(key);
      if (existing) {
        existing.body.destroy();
        report.present += 1;
      } else {
        await target.put(key, await fs.readFile(path.join(folder, key)), contentTypeOf(key));
        report.copied += 1;
      }
      options.progress?.(report.copied + report.present);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker));
  return report;
}
