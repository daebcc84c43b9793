import { Worker, type ResourceLimits, type Transferable } from 'node:worker_threads';

/**
 * A small pool of worker threads for work that must not run on the event loop (parsing uploaded
 * spreadsheets). Each task has a deadline: a worker still busy at its deadline is terminated and
 * replaced, so no file can hold a thread for long; a worker that runs out of its memory limit or
 * crashes fails only its own task. The queue is bounded: past it, callers are told the pool is busy.
 *
 * Shared fairly between owners (customers): each owner's tasks wait in a queue of their own, and a
 * free thread takes the next task of the owner served longest ago, so an owner's tasks queue behind
 * each other, never in front of another owner's. One owner holds at most `runningPerOwner` threads at
 * once (all but one, when there are two or more), so another owner's task finds a thread free, and
 * may have at most `maxPerOwner` tasks waiting or running. A worker whose task it says is heavy
 * (`recycle`) is ended after it, and idle workers end after `idleMs`: the memory a big file took
 * returns to the system.
 *
 * The worker file is TypeScript when the gateway runs from source (tsx, Jest) and JavaScript when it
 * runs compiled: a .ts file is started through tsx's CommonJS loader, a .js file as it is.
 */

export class WorkerTimeout extends Error {}
export class WorkerOutOfMemory extends Error {}
/** The pool cannot take the task: `yours` when the caller's own tasks fill its share. */
export class WorkerBusy extends Error {
  constructor(
    message: string,
    readonly yours = false,
  ) {
    super(message);
  }
}

export interface PoolOptions<Out = unknown> {
  /** Absolute path of the worker's entry file (.ts or .js). */
  file: string;
  /** Workers at most. */
  size: number;
  /** A task running longer than this is stopped (its worker terminated). */
  taskMs: number;
  /** Tasks waiting at most, all owners together; more are refused with WorkerBusy. */
  maxQueue?: number;
  /** Tasks one owner may have waiting or running; more are refused with WorkerBusy (yours). */
  maxPerOwner?: number;
  /** Threads one owner may hold at once (default: all but one, at least one). */
  runningPerOwner?: number;
  /** True for an answer whose work left its worker holding much memory: that worker is ended. */
  recycle?: (out: Out) => boolean;
  /** An idle worker ends after this long (the next task starts a new one). */
  idleMs?: number;
  resourceLimits?: ResourceLimits;
}

interface Task<In, Out> {
  owner: string;
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

/** One owner's share: its waiting tasks, how many of its tasks run, and when it was last served. */
interface Owner<In, Out> {
  waiting: Array<Task<In, Out>>;
  running: number;
  /** The pool's turn counter when a task of this owner last started (0: not yet). */
  served: number;
  /** When its first waiting task arrived (the order among owners not served yet). */
  since: number;
}

export class WorkerPool<In, Out> {
  private readonly slots: Array<Slot<In, Out>> = [];
  private readonly owners = new Map<string, Owner<In, Out>>();
  private waiting = 0;
  private turn = 0;
  private closed = false;
  private readonly runningPerOwner: number;

  constructor(private readonly options: PoolOptions<Out>) {
    this.runningPerOwner = options.runningPerOwner ?? Math.max(1, options.size - 1);
  }

  /** Runs a task for `owner` (a customer; one shared owner when not told). */
  run(input: In, transfer: Transferable[] = [], owner = ''): Promise<Out> {
    if (this.closed) return Promise.reject(new Error('The worker pool is closed.'));
    return new Promise<Out>((resolve, reject) => {
      const share = this.owners.get(owner) ?? { waiting: [], running: 0, served: 0, since: 0 };
      if (share.waiting.length + share.running >= (this.options.maxPerOwner ?? Infinity))
        return reject(new WorkerBusy('busy', true));
      // (Tasks waiting while a thread is free belong to owners holding their share of threads.)
      const startsNow = share.running < this.runningPerOwner && this.hasThread();
      if (!startsNow && this.waiting >= (this.options.maxQueue ?? 16)) return reject(new WorkerBusy('busy'));
      this.owners.set(owner, share);
      if (!share.waiting.length) share.since = ++this.turn;
      share.waiting.push({ owner, input, transfer, resolve, reject });
      this.waiting += 1;
      this.dispatch();
    });
  }

  /** Workers running now (for tests and figures). */
  get threads(): number {
    return this.slots.length;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const share of this.owners.values())
      for (const task of share.waiting.splice(0)) task.reject(new Error('The worker pool is closed.'));
    this.waiting = 0;
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
      if (this.options.recycle?.(out)) {
        // Its memory goes back with the thread; the answer stands.
        slot.task = null;
        if (task) this.finished(task.owner);
        void this.retire(slot, null);
      } else this.release(slot);
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

  /** A thread is free, or one more may start. */
  private hasThread(): boolean {
    return this.slots.length < this.options.size || this.hasIdle();
  }

  /** The next task to start: of the owner under its thread share served longest ago. */
  private next(): Task<In, Out> | undefined {
    let pick: Owner<In, Out> | undefined;
    for (const share of this.owners.values()) {
      if (!share.waiting.length || share.running >= this.runningPerOwner) continue;
      if (!pick || share.served < pick.served || (share.served === pick.served && share.since < pick.since))
        pick = share;
    }
    if (!pick) return undefined;
    const task = pick.waiting.shift()!;
    this.waiting -= 1;
    pick.running += 1;
    pick.served = ++this.turn;
    if (pick.waiting.length) pick.since = this.turn;
    return task;
  }

  /** Starts waiting tasks on free threads (or new ones) while both are there. */
  private dispatch() {
    while (!this.closed && this.hasThread()) {
      const task = this.next();
      if (!task) break;
      this.assign(this.slots.find((s) => !s.task) ?? this.spawn(), task);
    }
    // One thread started ahead while every thread works, so that another owner's task need not wait
    // for a thread to start (it ends when idle, as any other).
    if (!this.closed && this.options.size > 1 && this.slots.length < this.options.size && !this.hasIdle())
      this.idleAfter(this.spawn());
  }

  private hasIdle(): boolean {
    return this.slots.some((s) => !s.task);
  }

  private idleAfter(slot: Slot<In, Out>) {
    slot.idle = setTimeout(() => void this.retire(slot, null), this.options.idleMs ?? 60_000);
    // (A jsdom test environment's timers have no unref.)
    (slot.idle as { unref?: () => void }).unref?.();
  }

  /** A task of `owner` ended: its share forgets it, and the owner with nothing left is forgotten. */
  private finished(owner: string) {
    const share = this.owners.get(owner);
    if (!share) return;
    share.running -= 1;
    if (!share.running && !share.waiting.length) this.owners.delete(owner);
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
    if (slot.task) this.finished(slot.task.owner);
    slot.task = null;
    this.dispatch();
    if (!slot.task) this.idleAfter(slot);
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
    if (task) {
      this.finished(task.owner);
      task.reject(failure ?? new Error('The worker stopped.'));
    }
    this.dispatch();
    await slot.worker.terminate();
  }
}
