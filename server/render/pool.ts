import { MessageChannel } from "node:worker_threads";
import { reportUnknownWeatherText } from "../../common/i18n/weather-words";
import { Piscina } from "piscina";
import { lendIo, type LentIo } from "./channel";
import type { RenderOutput, RenderSettings, RenderTask } from "./page";

/** The most a render worker's old generation may hold, in MB (about 30 is live at rest). */
export const WORKER_HEAP_MB = 128;

/** How much lower a render worker's CPU priority is than the request thread's (nice). */
export const WORKER_NICE = 10;

/** What a render worker is started with (workerData). */
export interface WorkerSetup {
  /** The React Router server build's module (a file: URL). */
  build: string;
  settings: RenderSettings;
}

/** A task as the worker receives it: the page to make, and the port its calls go over. */
export interface WorkerTask {
  task: RenderTask;
  port: MessagePort;
}

export interface RenderPoolOptions extends WorkerSetup {
  /** The worker's module (build/server-main/render-worker.js). */
  filename: string;
  /** How many worker threads (RENDER_WORKERS). */
  workers: number;
  /** How many renders one worker may have under way at once (they wait on their calls). */
  concurrency: number;
  /** Node options for the workers (tests: a loader for TypeScript). */
  execArgv?: string[];
}

/**
 * Renders pages on worker threads (piscina), so that a render, however long, never holds up
 * the thread that answers cache hits, files and the health probe. Each render's news and
 * messages are the request thread's, lent over a port of its own (channel.ts): the page
 * cache's versions and the contact store stay in one place. A worker that dies is replaced.
 */
export class RenderPool {
  private readonly pool: Piscina<WorkerTask, RenderOutput>;

  constructor(options: RenderPoolOptions) {
    this.pool = new Piscina<WorkerTask, RenderOutput>({
      filename: options.filename,
      minThreads: options.workers,
      maxThreads: options.workers,
      // Kept for the life of the process: a new worker loads the build again (about 100 ms).
      idleTimeout: Number.POSITIVE_INFINITY,
      concurrentTasksPerWorker: Math.max(1, Math.ceil(options.concurrency / options.workers)),
      workerData: { build: options.build, settings: options.settings } satisfies WorkerSetup,
      execArgv: options.execArgv,
      // A worker keeps nothing between renders but the build: its heap is bounded well below the
      // process's (workers otherwise inherit --max-old-space-size and grow lazily towards it).
      // One that runs out is replaced by piscina; its renders fail, and a stale page stays served.
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
      // Renders yield the CPU to the request thread (Linux: a worker thread's own nice value):
      // on a busy machine a cached page is answered first, and a render waits its turn.
      niceIncrement: WORKER_NICE,
      // The request thread's limiter admits and queues renders; the pool's queue is that one's.
      maxQueue: Number.POSITIVE_INFINITY,
    });
  }

  /** Makes the page of `task` on a worker, its calls answered from `io`. */
  async render(task: RenderTask, io: LentIo): Promise<RenderOutput> {
    const { port1, port2 } = new MessageChannel();
    lendIo(port1, io);
    try {
      const transferList: Transferable[] = [port2 as unknown as Transferable];
      if (task.body) transferList.push(task.body.buffer as ArrayBuffer);
      const page = await this.pool.run(
        { task, port: port2 as unknown as MessagePort },
        {
          transferList: transferList as never,
        },
      );
      // What the worker could not translate is reported here, once for the process.
      for (const [kind, text, language] of page.untranslated ?? [])
        reportUnknownWeatherText(kind, text, language);
      return page;
    } finally {
      port1.close();
    }
  }

  /** The worker threads' ids (for the log). */
  threads(): number[] {
    return this.pool.threads.map((worker) => worker.threadId);
  }

  /** Stops the workers, letting the renders under way finish. */
  close(): Promise<void> {
    return this.pool.close();
  }
}
