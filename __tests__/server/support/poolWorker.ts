import { parentPort } from 'node:worker_threads';

/** A worker for the pool's tests: doubles numbers, spins forever on 'spin', eats memory on 'hog'. */
parentPort?.on('message', (m: number | 'spin' | 'hog') => {
  if (m === 'spin') for (;;);
  if (m === 'hog') {
    const hold: number[][] = [];
    for (;;) hold.push(new Array(1_000_000).fill(hold.length));
  }
  parentPort?.postMessage(m * 2);
});
