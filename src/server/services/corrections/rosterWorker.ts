import { parentPort } from 'node:worker_threads';
import { readRoster } from './rosterRead';
import type { RosterTask, RosterTaskResult } from './rosterReader';
import { rowValues } from './rosterValues';

/**
 * The worker thread that reads uploaded rosters (started by rosterReader.ts through the worker
 * pool): everything that parses the file runs here, off the gateway's event loop. A compiled
 * gateway must ship this file as its own entry, next to the module that starts it (rosterWorker.js).
 */
parentPort?.on('message', async (task: RosterTask) => {
  let result: RosterTaskResult;
  try {
    const outcome = await readRoster(task.kind, task.data, task.limits);
    result = outcome.ok
      ? {
          ok: true,
          sheet: {
            sheetName: outcome.sheet.sheetName,
            headerRow: outcome.sheet.headerRow,
            columns: outcome.sheet.columns,
            rows: outcome.sheet.rows.map(rowValues),
          },
        }
      : { ok: false, problem: outcome.problem };
  } catch (error) {
    result = { ok: false, problem: { key: 'roster.unreadable' }, detail: String((error as Error)?.stack ?? error) };
  }
  // What the file left this thread holding: the pool ends a worker that holds much.
  const { heapTotal, external } = process.memoryUsage();
  result.heldMb = Math.round((heapTotal + external) / 1024 / 1024);
  parentPort?.postMessage(result);
});
