import { readFileSync } from 'node:fs';
import { getPriority, platform } from 'node:os';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';

/** The nice value of one thread of this process, from /proc (field 19 of its stat line). */
function threadNice(tid: number): number {
  const stat = readFileSync(`/proc/${process.pid}/task/${tid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

describe.runIf(platform() === 'linux')('core’s thread priority', () => {
  it('lowers the worker thread that runs core and leaves the shell’s thread as it was', async () => {
    const before = getPriority();
    const module = new URL('../../../../../electron/core/host/corePriority.ts', import.meta.url).href;
    // The worker lowers itself, reports its own thread id from /proc/thread-self, and waits to be read.
    const worker = new Worker(
      `const { parentPort } = require('node:worker_threads');
       const { readlinkSync } = require('node:fs');
       import(${JSON.stringify(module)}).then(({ lowerCorePriority }) => {
         const problem = lowerCorePriority('thread');
         const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
         parentPort.postMessage({ problem, tid });
         setTimeout(() => undefined, 60_000);
       });`,
      { eval: true },
    );
    try {
      const { problem, tid } = await new Promise<{ problem: string | null; tid: number }>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
      expect(problem).toBeNull();
      expect(threadNice(tid)).toBe(Math.max(before, 10));
      expect(getPriority()).toBe(before);
      expect(threadNice(process.pid)).toBe(before);
    } finally {
      await worker.terminate();
    }
  });
});
