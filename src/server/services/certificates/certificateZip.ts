import os from 'node:os';
import path from 'node:path';
import { WorkerBusy, WorkerPool, WorkerTimeout } from '../workerPool';
import { refuse } from '../errors';
import type { CertificateContent } from './certificatePdf';

export interface ZipTask {
  items: Array<{ filename: string; content: CertificateContent }>;
}
export type ZipTaskResult = { ok: true; zip: Uint8Array } | { ok: false; detail: string };

/** The worker's entry file, beside this module: .ts from source, .js compiled (certificateWorker.js). */
export function workerEntry(dir: string = __dirname, self: string = __filename): string {
  return path.join(dir, `certificateWorker${path.extname(self) === '.ts' ? '.ts' : '.js'}`);
}

/** Zips of certificates, written in worker threads (a whole policy's PDFs are seconds of work). */
export class CertificateZips {
  private readonly pool: WorkerPool<ZipTask, ZipTaskResult>;

  constructor(options: { threads?: number; taskMs?: number } = {}) {
    const cores = typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
    this.pool = new WorkerPool({
      file: workerEntry(),
      size: options.threads ?? Math.min(2, Math.max(1, cores - 1)),
      taskMs: options.taskMs ?? 60_000,
      maxQueue: 16,
      maxPerOwner: 2,
      idleMs: 30_000,
      resourceLimits: { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 64 },
    });
  }

  /** One zip of the items, in the turn of its customer (`owner`). */
  async zip(items: ZipTask['items'], owner: string): Promise<Buffer> {
    let result: ZipTaskResult;
    try {
      result = await this.pool.run({ items }, [], owner);
    } catch (error) {
      if (error instanceof WorkerBusy) throw refuse('certificate.busy');
      if (error instanceof WorkerTimeout) throw refuse('certificate.tooSlow');
      throw error;
    }
    if (!result.ok) throw new Error(`certificates could not be zipped: ${result.detail}`);
    return Buffer.from(result.zip.buffer, result.zip.byteOffset, result.zip.byteLength);
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
