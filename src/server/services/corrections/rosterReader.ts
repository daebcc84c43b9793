import os from 'node:os';
import path from 'node:path';
import { WorkerBusy, WorkerOutOfMemory, WorkerPool, WorkerTimeout } from '../workerPool';
import type { ReadColumn, ReadLimits, Problem } from './rosterRead';
import type { SheetKind } from './rosterColumns';
import type { RowValues } from './rosterValues';

/**
 * Reading uploaded rosters off the event loop: a small pool of worker threads (rosterWorker) shared
 * fairly between customers (each customer's files wait behind each other, one customer holds at
 * most all threads but one, and has at most a few files waiting or being read), with limits on what
 * a file may really hold once unpacked (bytes and cells: what reading it will cost, known before it
 * is read), how many rows it may have, how long it may take and how much memory its worker may use.
 * A worker left holding much memory after a file is ended. Every refusal is a catalogue key.
 */

export const MAX_IMPORT_ROWS = 10_000;

export const READ_LIMITS: ReadLimits = {
  maxRows: MAX_IMPORT_ROWS,
  /**
   * A 10,000-row roster of the template's 11 columns unpacks to about 6 MB, of 30 columns to about
   * 15 MB; more is a zip bomb, the wrong file or sheets beside the roster, and costs seconds to parse.
   */
  maxInflatedBytes: 32 * 1024 * 1024,
  /** 10,000 rows of 30 columns: the parse of the most a file may hold stays within its deadline. */
  maxCells: 300_000,
};

/** Files one customer may have waiting or being read at once. */
export const FILES_PER_CUSTOMER = 3;

/** A worker holding more than this (heap and buffers, MB) after a file is ended, its memory returned. */
const RECYCLE_MB = 96;

export interface ReaderOptions {
  /** A task (one file) is stopped after this long. */
  taskMs?: number;
  /** Worker threads at most (default: the cores but one, at least 2, at most 4). */
  threads?: number;
  /** Heap of one worker, MB. */
  heapMb?: number;
  limits?: ReadLimits;
  /** Files one customer may have waiting or being read. */
  perCustomer?: number;
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

export type RosterTaskResult = ({ ok: true; sheet: ReadRoster } | { ok: false; problem: Problem; detail?: string }) & {
  /** What the worker holds after the file (its heap and buffers, MB): over RECYCLE_MB it is ended. */
  heldMb?: number;
};

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
  private readonly perCustomer: number;

  constructor(options: ReaderOptions = {}) {
    this.limits = options.limits ?? READ_LIMITS;
    this.taskMs = options.taskMs ?? 10_000;
    this.perCustomer = options.perCustomer ?? FILES_PER_CUSTOMER;
    const cores = typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
    this.pool = new WorkerPool({
      file: workerEntry(),
      // Two at least: one customer holds at most all but one, so another's file starts at once.
      size: options.threads ?? Math.min(4, Math.max(2, cores - 1)),
      taskMs: this.taskMs,
      maxQueue: 32,
      maxPerOwner: this.perCustomer,
      idleMs: 15_000,
      recycle: (out) => (out.heldMb ?? 0) > RECYCLE_MB,
      resourceLimits: { maxOldGenerationSizeMb: options.heapMb ?? 512, maxYoungGenerationSizeMb: 64 },
    });
  }

  /**
   * Reads a file in a worker, in the turn of its customer (`owner`); answers the sheet or the problem
   * to tell the uploader.
   */
  async read(kind: SheetKind, data: Buffer, owner: string): Promise<RosterTaskResult> {
    // A copy the worker owns (the upload's buffer may be a slice of a pooled one).
    const copy = new Uint8Array(data.byteLength);
    copy.set(data);
    try {
      return await this.pool.run({ kind, data: copy, limits: this.limits }, [copy.buffer], owner);
    } catch (error) {
      if (error instanceof WorkerTimeout)
        return { ok: false, problem: { key: 'roster.tooSlow', params: { seconds: this.taskMs / 1000 } } };
      if (error instanceof WorkerOutOfMemory) return { ok: false, problem: { key: 'roster.tooBig' } };
      if (error instanceof WorkerBusy)
        return error.yours
          ? { ok: false, problem: { key: 'roster.busyYours', params: { count: this.perCustomer } } }
          : { ok: false, problem: { key: 'roster.busy' } };
      throw error;
    }
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
