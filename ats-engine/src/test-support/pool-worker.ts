/** A stand-in for worker.ts in pool tests: tasks that answer, hang, fail or crash on demand. */
import { parentPort, workerData } from 'node:worker_threads';

interface TestTask {
  kind: 'echo' | 'hang' | 'refuse' | 'crash' | 'oom' | 'warm-up';
  value?: number;
}

const port = parentPort!;
if ((workerData as { dieAtStart?: boolean } | undefined)?.dieAtStart) process.exit(3);
port.on('message', ({ id, task }: { id: number; task: TestTask }) => {
  switch (task.kind) {
    case 'echo':
    case 'warm-up':
      setTimeout(() => port.postMessage({ id, ok: true, result: { kind: task.kind, value: task.value } }), task.value ?? 0);
      return;
    case 'hang':
      for (;;) {
        // Synchronous work that never yields: only terminate() stops it.
      }
    case 'refuse':
      port.postMessage({ id, ok: false, error: { code: 'corrupt', message: 'refused on purpose' } });
      return;
    case 'crash':
      throw new Error('crashed on purpose');
    case 'oom': {
      const hoard: number[][] = [];
      for (;;) hoard.push(new Array(1_000_000).fill(hoard.length));
    }
  }
});
port.postMessage({ ready: true });
