/**
 * Backups of the embedded database while the site runs. PGlite is one process: nothing else may
 * open its data folder while the server has it. So the process that holds it listens on a Unix
 * socket beside the folder (`DATA_DIR/db.sock`, mode 0600: the same OS user that can read the
 * files anyway) and answers `backup` with a gzipped tar of the folder. The copy is taken after a
 * CHECKPOINT under PGlite's query lock: no statement runs while the files are read, so the copy
 * is what a crash at that instant would leave, and it opens the way after a crash (a transaction
 * still open at that moment is rolled back). The same socket tells `db:restore`, and a second
 * server, that the folder is in use.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { pipeline } from 'node:stream/promises';

/** A Unix socket's path must fit in `sun_path` (108 bytes on Linux, 104 on macOS, with its NUL). */
const SOCKET_PATH_MAX = 100;

/**
 * Where the process holding the embedded database at `dataDir` answers: beside the folder, or,
 * when that path is too long for a socket (a deep checkout), in the system's temporary folder
 * under a name made from the folder's full path, so every process still finds the same one.
 */
export function backupSocketPath(dataDir: string): string {
  const resolved = path.resolve(dataDir);
  const beside = path.join(path.dirname(resolved), `${path.basename(resolved)}.sock`);
  if (Buffer.byteLength(beside) <= SOCKET_PATH_MAX) return beside;
  const digest = crypto.createHash('sha256').update(resolved).digest('hex').slice(0, 24);
  return path.join(os.tmpdir(), `kauppis-db-${digest}.sock`);
}

/** A consistent copy of the data folder as a gzipped tar (PGlite's `dumpDataDir` format). */
export type TakeBackup = () => Promise<Blob>;

/**
 * Answers backup requests for the embedded database at `dataDir`. Refuses to start when another
 * process already answers there: two processes on one data folder would corrupt it.
 */
export async function serveBackups(dataDir: string, takeBackup: TakeBackup): Promise<{ close(): Promise<void> }> {
  const socketPath = backupSocketPath(dataDir);
  if (await isEmbeddedDatabaseInUse(dataDir)) {
    throw new Error(`Another process has the embedded database in ${dataDir} open (it answers on ${socketPath}). Stop it first.`);
  }
  // Left behind by a process that was killed: nobody answers on it.
  fs.rmSync(socketPath, { force: true });

  const server = net.createServer((socket) => {
    socket.once('data', (request) => {
      if (request.toString('utf8').trim() !== 'backup') {
        socket.end('error: unknown request\n');
        return;
      }
      takeBackup().then(
        async (archive) => {
          socket.write('ok\n');
          await pipeline(Readable.fromWeb(archive.stream() as WebReadableStream), socket);
        },
        (error: unknown) => socket.end(`error: ${error instanceof Error ? error.message : String(error)}\n`),
      );
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  fs.chmodSync(socketPath, 0o600);
  server.unref();
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
      }),
  };
}

/** True when a running process holds the embedded database at `dataDir`. */
export function isEmbeddedDatabaseInUse(dataDir: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(backupSocketPath(dataDir));
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Asks the running server for a backup and writes it to `file` (through a temporary name, flushed
 * to the disk before it takes its name). Returns false when no server holds the database.
 */
export async function requestBackup(dataDir: string, file: string): Promise<boolean> {
  const socket = net.connect(backupSocketPath(dataDir));
  const connected = await new Promise<boolean>((resolve) => {
    socket.once('connect', () => resolve(true));
    socket.once('error', () => resolve(false));
  });
  if (!connected) return false;
  socket.write('backup\n');

  // The first line says ok or why not; the archive follows it.
  const partial = `${file}.partial`;
  const out = fs.createWriteStream(partial);
  let header = '';
  let headerDone = false;
  let failure: string | undefined;
  try {
    await pipeline(
      socket,
      async function* (chunks: AsyncIterable<Buffer>) {
        for await (const chunk of chunks) {
          if (headerDone) {
            yield chunk;
            continue;
          }
          const end = chunk.indexOf(10);
          header += chunk.subarray(0, end === -1 ? chunk.length : end).toString('utf8');
          if (end === -1) continue;
          headerDone = true;
          if (header !== 'ok') failure = header.replace(/^error: /, '');
          else if (end + 1 < chunk.length) yield chunk.subarray(end + 1);
        }
      },
      out,
    );
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
  if (failure !== undefined || !headerDone) {
    fs.rmSync(partial, { force: true });
    throw new Error(`The server could not make a backup: ${failure ?? 'the connection closed early'}`);
  }
  flushAndRename(partial, file);
  return true;
}

/** Writes `archive` to `file` durably (used when no server runs and the CLI opened the database itself). */
export async function writeBackup(archive: Blob, file: string): Promise<void> {
  const partial = `${file}.partial`;
  fs.writeFileSync(partial, Buffer.from(await archive.arrayBuffer()));
  flushAndRename(partial, file);
}

function flushAndRename(partial: string, file: string): void {
  const fd = fs.openSync(partial, 'r+');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(partial, file);
  const dirFd = fs.openSync(path.dirname(path.resolve(file)), 'r');
  try {
    fs.fsyncSync(dirFd);
  } finally {
    fs.closeSync(dirFd);
  }
}
