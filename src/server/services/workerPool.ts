import { Worker, type ResourceLimits, type Transferable } from 'node:worker_threads';

/**
 * A small pool of worker threads for work that must not run on the event loop (parsing uploaded
 * spreadsheets). Each task has a deadline: a worker still busy at its deadline is terminated and
 * replaced, so no file can hold a thread for long; a worker that runs out of its memory limit or
 * crashes fails only its own task. The queue is bounded: past it, callers are told the pool is busy.
 *
 * The worker file is TypeScript when the gateway runs from source (tsx, Jest) and JavaScript when it
 * runs compiled: a .ts file is started through tsx's CommonJS loader, a .js file as it is.
 */

export class WorkerTimeout extends Error {}
export class WorkerOutOfMemory extends Error {}
export class WorkerBusy extends Error {}

export interface PoolOptions {
  /** Absolute path of the worker's entry file (.ts or .js). */
  file: string;
  /** Workers at most. */
  size: number;
  /** A task running longer than this is stopped (its worker terminated). */
  taskMs: number;
  /** Tasks waiting at most; more are refused with WorkerBusy. */
  maxQueue?: number;
  /** An idle worker ends after this long (the next task starts a new one). */
  idleMs?: number;
  resourceLimits?: ResourceLimits;
}

interface Task<In, Out> {
  input: In;
  transfer: Transferable[];
  resolve: (out: Out) => void;
  reject: (error: Error) => void;
}

interface Slot<In, Out> {
  worker: Worker;
  /** The worker has started (its start-up does not count against a task's deadline). */
  online: boolean;
  task: Task<In, Out> | null;
  timer: NodeJS.Timeout | null;
  idle: NodeJS.Timeout | null;
}

function startWorker(file: string, resourceLimits?: ResourceLimits): Worker {
  if (file.endsWith('.ts')) {
    const loader = require.resolve('tsx/cjs/api');
    const code = `require(${JSON.stringify(loader)}).register();require(${JSON.stringify(file)});`;
    return new Worker(code, { eval: true, resourceLimits });
  }
  return new Worker(file, { resourceLimits });
}

export class WorkerPool<In, Out> {
  private readonly slots: Array<Slot<In, Out>> = [];
  private readonly queue: Array<Task<In, Out>> = [];
  private closed = false;

  constructor(private readonly options: PoolOptions) {}

  run(input: In, transfer: Transferable[] = []): Promise<Out> {
    if (this.closed) return Promise.reject(new Error('The worker pool is closed.'));
    return new Promise<Out>((resolve, reject) => {
      const task = { input, transfer, resolve, reject };
      const free = this.slots.find((s) => !s.task);
      if (free) return this.assign(free, task);
      if (this.slots.length < this.options.size) return this.assign(this.spawn(), task);
      if (this.queue.length >= (this.options.maxQueue ?? 16)) return reject(new WorkerBusy('busy'));
      this.queue.push(task);
    });
  }

  /** Workers running now (for tests and figures). */
  get threads(): number {
    return this.slots.length;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) task.reject(new Error('The worker pool is closed.'));
    await Promise.all([...this.slots].map((slot) => this.retire(slot, new Error('The worker pool is closed.'))));
  }

  private spawn(): Slot<In, Out> {
    const worker = startWorker(this.options.file, this.options.resourceLimits);
    const slot: Slot<In, Out> = { worker, online: false, task: null, timer: null, idle: null };
    worker.once('online', () => {
      slot.online = true;
      if (slot.task && !slot.timer) this.startDeadline(slot);
    });
    worker.on('message', (out: Out) => {
      const task = slot.task;
      this.release(slot);
      task?.resolve(out);
    });
    worker.on('error', (error: Error & { code?: string }) => {
      const failure =
        error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new WorkerOutOfMemory(error.message) : (error as Error);
      void this.retire(slot, failure);
    });
    worker.on('exit', () => void this.retire(slot, new Error('The worker stopped.')));
    this.slots.push(slot);
    return slot;
  }

  private assign(slot: Slot<In, Out>, task: Task<In, Out>) {
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = null;
    slot.task = task;
    if (slot.online) this.startDeadline(slot);
    slot.worker.postMessage(task.input, task.transfer);
  }

  private startDeadline(slot: Slot<In, Out>) {
    slot.timer = setTimeout(() => void this.retire(slot, new WorkerTimeout('timeout')), this.options.taskMs);
  }

  private release(slot: Slot<In, Out>) {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.task = null;
    const next = this.queue.shift();
    if (next) return this.assign(slot, next);
    slot.idle = setTimeout(() => void this.retire(slot, null), this.options.idleMs ?? 60_000);
    // (A jsdom test environment's timers have no unref.)
    (slot.idle as { unref?: () => void }).unref?.();
  }

  /** Ends a worker: its task (if any) fails with `failure`; a waiting task gets a new worker. */
  private async retire(slot: Slot<In, Out>, failure: Error | null) {
    const index = this.slots.indexOf(slot);
    if (index < 0) return;
    this.slots.splice(index, 1);
    if (slot.timer) clearTimeout(slot.timer);
    if (slot.idle) clearTimeout(slot.idle);
    slot.timer = null;
    slot.idle = null;
    const task = slot.task;
    slot.task = null;
    slot.worker.removeAllListeners('exit');
    if (task) task.reject(failure ?? new Error('The worker stopped.'));
    const next = !this.closed && this.queue.length ? this.queue.shift() : undefined;
    if (next) this.assign(this.spawn(), next);
    await slot.worker.terminate();
  }
}
