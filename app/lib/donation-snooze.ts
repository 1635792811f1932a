/** docs/product.md §9: the prompt appears this long after the page loads (the donation island). */
export const DONATION_DELAY_MS = 30_000;

/** Where the end of the prompt's quiet period is kept (epoch ms, in the reader's localStorage). */
export const SNOOZE_KEY = "donation-prompt:quiet-until";

/** The reader's storage, or null where it cannot be used (disabled, private mode, sandboxed). */
export function readerStorage(): Storage | null {
  try {
    const storage = window.localStorage;
    // Some browsers expose the object but throw on use (quota 0 in private windows).
    storage.getItem(SNOOZE_KEY);
    return storage;
  } catch {
    return null;
  }
}

/**
 * Whether the prompt should stay away at `now`: the reader answered it less than the configured
 * days ago. Without storage it never stays away (docs/product.md §4: it appears on every visit).
 */
export function isSnoozed(storage: Storage | null, now: number): boolean {
  const until = Number(storage?.getItem(SNOOZE_KEY) ?? NaN);
  return Number.isFinite(until) && until > now;
}
