/**
 * Crash safety of the embedded database. PGlite starts PostgreSQL with `-F` (fsync off), and the
 * Emscripten file system it runs on in Node turns every fsync into a no-op: a commit reaches the
 * kernel's page cache, not the disk, and a power cut or kernel crash can lose the last seconds or
 * leave the data files inconsistent. Here PostgreSQL runs with fsync on, its WAL is flushed with
 * plain `fsync` (Emscripten's `fdatasync` is a stub that does nothing), and the file system's
 * fsync calls Node's `fsyncSync` on the real file. See docs/decisions.md (2026-11-27).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/** The flags PGlite starts PostgreSQL with, fsync on and the WAL flushed with fsync(2). */
export function durableStartParams(defaults: readonly string[]): string[] {
  return [...defaults.filter((param) => param !== '-F'), '-c', 'wal_sync_method=fsync'];
}

interface EmscriptenStream {
  nfd?: number;
}
interface EmscriptenModule {
  NODEFS: { stream_ops: { fsync?: (stream: EmscriptenStream) => number } };
}
type InitResult = Awaited<ReturnType<NodeFS['init']>>;

/** PGlite's Node file system, with fsync that reaches the disk. */
export class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, options: Parameters<NodeFS['init']>[1]): Promise<InitResult> {
    const result = await super.init(pg, options);
    const preRun = result.emscriptenOpts.preRun ?? [];
    result.emscriptenOpts.preRun = [
      ...preRun,
      (mod: unknown) => {
        (mod as EmscriptenModule).NODEFS.stream_ops.fsync = (stream) => {
          if (stream.nfd !== undefined) fs.fsyncSync(stream.nfd);
          return 0;
        };
      },
    ];
    return result;
  }
}

/**
 * Flushes every file and folder under `dir` to the disk: for files PostgreSQL did not write
 * itself (a new cluster copied in from initdb's memory, a restored backup).
 */
export function fsyncTree(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const child = path.join(dir, entry.name);
    if (entry.isDirectory()) fsyncTree(child);
    else if (entry.isFile()) fsyncPath(child);
  }
  fsyncPath(dir);
}

export function fsyncPath(target: string): void {
  const fd = fs.openSync(target, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** What the start-up log and the README say about the embedded database. */
export const EMBEDDED_DATABASE_NOTICE =
  'Embedded database: every commit is flushed to this disk before it is acknowledged, so a crash or power cut loses no ' +
  'acknowledged write on a disk that honours flushes; but it is one copy on one disk with no replica and no ' +
  'point-in-time recovery: a lost or corrupted disk loses everything since the last `npm run db:backup`. ' +
  'Use PostgreSQL (DATABASE_URL) for a site that must not lose data.';
