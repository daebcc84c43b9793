import { parentPort } from 'node:worker_threads';

/**
 * A worker for the pool's tests: doubles numbers, spins forever on 'spin', eats memory on 'hog', and
 * takes `ms` milliseconds over `{ value, ms }` (a file that takes a while to read).
 */
parentPort?.on('message', (m: number | 'spin' | 'hog' | { value: number; ms: number }) => {
  if (m === 'spin') for (;;);
  if (m === 'hog') {
    const hold: number[][] = [];
    for (;;) hold.push(new Array(1_000_000).fill(hold.length));
  }
  if (typeof m === 'object') {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, m.ms);
    parentPort?.postMessage(m.value * 2);
    return;
  }
  parentPort?.postMessage(m * 2);
});
