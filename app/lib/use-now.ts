import { useSyncExternalStore } from "react";

/** How often the shared clock moves (relative dates change by the hour at the finest). */
export const CLOCK_TICK_MS = 60_000;

/**
 * One clock for every relative date of the page: a single timer however many dates are shown,
 * running only while someone reads the clock and the page is in view (Page Visibility). Back in
 * view, it reads the time at once.
 */
const clock = {
  now: typeof Date === "function" ? Date.now() : 0,
  listeners: new Set<() => void>(),
  timer: undefined as number | undefined,
};

function tick(): void {
  clock.now = Date.now();
  for (const listener of clock.listeners) listener();
}

function schedule(): void {
  window.clearInterval(clock.timer);
  clock.timer = undefined;
  if (clock.listeners.size === 0 || document.hidden) return;
  tick();
  clock.timer = window.setInterval(tick, CLOCK_TICK_MS);
}

function subscribe(listener: () => void): () => void {
  clock.listeners.add(listener);
  if (clock.listeners.size === 1) {
    document.addEventListener("visibilitychange", schedule);
    schedule();
  }
  return () => {
    clock.listeners.delete(listener);
    if (clock.listeners.size === 0) {
      document.removeEventListener("visibilitychange", schedule);
      schedule();
    }
  };
}

/** How many timers the shared clock runs now (0 or 1): for tests. */
export function clockTimers(): number {
  return clock.timer === undefined ? 0 : 1;
}

/**
 * The current time for relative dates: the server's render time while hydrating (so server and
 * client render the same text), then the shared clock's.
 */
export function useNow(serverNow: number): number {
  return useSyncExternalStore(
    subscribe,
    () => clock.now,
    () => serverNow,
  );
}
