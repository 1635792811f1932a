/** What the shutdown sequence logs with (a pino logger fits). */
export interface ShutdownLog {
  info(obj: object, msg: string): void;
}

export interface ShutdownOptions {
  /**
   * How long the instance keeps serving once /readyz says 503 (SHUTDOWN_GRACE_SECONDS, in ms):
   * the time a load balancer needs to see it and send readers elsewhere.
   */
  graceMs: number;
  /** Turns /readyz to 503 (Readiness.drain). */
  drain: () => void;
  /** Ends what the process runs: the server stops taking connections, its open ones end. */
  close: () => Promise<void>;
  /** Ends the process (process.exit; tests give their own). */
  exit: (code: number) => void;
  log: ShutdownLog;
  /** How long close may take before the process exits anyway. */
  closeTimeoutMs?: number;
}

/** The longest close() may take before the process exits whatever is still open. */
export const CLOSE_TIMEOUT_MS = 5_000;

/**
 * The shutdown sequence a signal starts: /readyz turns 503 at once, the server keeps serving for
 * the grace period (readers in flight and those a load balancer still sends are answered), then
 * closes, and the process exits with 0 (after closeTimeoutMs, whatever is still open). A second
 * signal during the grace period (Ctrl-C twice) skips the rest of it.
 */
export function shutdownSequence(options: ShutdownOptions): (signal: string) => void {
  let started = false;
  let graceTimer: ReturnType<typeof setTimeout> | undefined;
  const closeNow = () => {
    graceTimer = undefined;
    void options.close().then(() => options.exit(0));
    setTimeout(() => options.exit(0), options.closeTimeoutMs ?? CLOSE_TIMEOUT_MS).unref();
  };
  return (signal) => {
    if (started) {
      if (graceTimer === undefined) return;
      clearTimeout(graceTimer);
      options.log.info({ signal }, "grace period cut short");
      closeNow();
      return;
    }
    started = true;
    options.drain();
    options.log.info({ signal, graceMs: options.graceMs }, "shutting down");
    if (options.graceMs === 0) return closeNow();
    graceTimer = setTimeout(closeNow, options.graceMs);
  };
}
