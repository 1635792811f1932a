import { SNOOZE_KEY } from "./donation-snooze";

// The writing side of the prompt's quiet period, apart from donation-snooze.ts (read when every
// page loads): only the donation dialog, loaded when it opens, records an answer.

const DAY_MS = 86_400_000;

/** How the reader answered the prompt. */
export type DonationAnswer = "dismissed" | "donated";

/** Remembers the reader's answer: the prompt stays away for the configured days. */
export function rememberAnswer(
  storage: Storage | null,
  answer: DonationAnswer,
  now: number,
  days: { snoozeDays: number; afterDonateDays: number },
): void {
  const quiet = answer === "donated" ? days.afterDonateDays : days.snoozeDays;
  try {
    storage?.setItem(SNOOZE_KEY, String(now + quiet * DAY_MS));
  } catch {
    // A full or read-only storage: the prompt behaves as the spec says, nothing more.
  }
}
