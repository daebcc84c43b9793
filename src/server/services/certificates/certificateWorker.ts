import { parentPort } from 'node:worker_threads';
import { zipSync } from 'fflate';
import { certificatePdf } from './certificatePdf';
import type { ZipTask, ZipTaskResult } from './certificateZip';

/**
 * The worker thread that writes certificates of insurance into one zip (started by certificateZip.ts
 * through the worker pool): the PDFs of a whole policy take seconds, off the gateway's event loop. A
 * compiled gateway ships this file as its own entry (certificateWorker.js).
 */
parentPort?.on('message', async (task: ZipTask) => {
  let result: ZipTaskResult;
  try {
    const files: Record<string, Uint8Array> = {};
    for (const item of task.items) files[item.filename] = await certificatePdf(item.content);
    // PDFs are compressed already: stored as they are, the zip is made in milliseconds.
    const zip = zipSync(files, { level: 0 });
    result = { ok: true, zip };
  } catch (error) {
    result = { ok: false, detail: String((error as Error)?.stack ?? error) };
  }
  parentPort?.postMessage(result, result.ok ? [result.zip.buffer as ArrayBuffer] : []);
});
