import os from 'node:os';
import path from 'node:path';
import { WorkerBusy, WorkerOutOfMemory, WorkerPool, WorkerTimeout } from '../workerPool';
import type { ReadColumn, ReadLimits, Problem } from './rosterRead';
import type { SheetKind } from './rosterColumns';
import type { RowValues } from './rosterValues';

/**
 * Reading uploaded rosters off the event loop: a small pool of worker threads (rosterWorker) with
 * limits on what a file may really hold once unpacked (bytes and cells), how many rows it may have,
 * how long it may take and how much memory its worker may use. Every refusal is a catalogue key.
 */

export const MAX_IMPORT_ROWS = 10_000;

export const READ_LIMITS: ReadLimits = {
  maxRows: MAX_IMPORT_ROWS,
  /** A 10,000-row roster of 60 columns unpacks to about 40 MB; more is a zip bomb or the wrong file. */
  maxInflatedBytes: 80 * 1024 * 1024,
  /** 10,000 rows of 100 columns. */
  maxCells: 1_000_000,
};

export interface ReaderOptions {
  /** A task (one file) is stopped after this long. */
  taskMs?: number;
  /** Worker threads at most (default: the cores but one, at least 1, at most 4). */
  threads?: number;
  /** Heap of one worker, MB. */
  heapMb?: number;
  limits?: ReadLimits;
}

export interface RosterTask {
  kind: SheetKind;
  data: Uint8Array;
  limits: ReadLimits;
}

export interface ReadRoster {
  sheetName: string;
  headerRow: number;
  columns: ReadColumn[];
  rows: RowValues[];
}

export type RosterTaskResult = { ok: true; sheet: ReadRoster } | { ok: false; problem: Problem; detail?: string };

/**
 * The worker's entry file sits next to this module: rosterWorker.ts when the gateway runs from
 * source, rosterWorker.js when it runs compiled (a bundle must emit it beside the bundled module).
 */
export function workerEntry(dir: string = __dirname, self: string = __filename): string {
  return path.join(dir, `rosterWorker${path.extname(self) === '.ts' ? '.ts' : '.js'}`);
}

export class RosterReader {
  readonly limits: ReadLimits;
  private readonly pool: WorkerPool<RosterTask, RosterTaskResult>;
  private readonly taskMs: number;

  constructor(options: ReaderOptions = {}) {
    this.limits = options.limits ?? READ_LIMITS;
    this.taskMs = options.taskMs ?? 10_000;
    const cores = typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
    this.pool = new WorkerPool({
      file: workerEntry(),
      size: options.threads ?? Math.min(4, Math.max(1, cores - 1)),
      taskMs: this.taskMs,
      maxQueue: 16,
      idleMs: 60_000,
      resourceLimits: { maxOldGenerationSizeMb: options.heapMb ?? 768, maxYoungGenerationSizeMb: 64 },
    });
  }

  /** Reads a file in a worker; answers the sheet or the problem to tell the uploader. */
  async read(kind: SheetKind, data: Buffer): Promise<RosterTaskResult> {
    // A copy the worker owns (the upload's buffer may be a slice of a pooled one).
    const copy = new Uint8Array(data.byteLength);
    copy.set(data);
    try {
      return await this.pool.run({ kind, data: copy, limits: this.limits }, [copy.buffer]);
    } catch (error) {
      if (error instanceof WorkerTimeout)
        return { ok: false, problem: { key: 'roster.tooSlow', params: { seconds: this.taskMs / 1000 } } };
      if (error instanceof WorkerOutOfMemory) return { ok: false, problem: { key: 'roster.tooBig' } };
      if (error instanceof WorkerBusy) return { ok: false, problem: { key: 'roster.busy' } };
      throw error;
    }
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
