import type { DonationProps } from "~/components/donation-popup";
import type { show } from "./donation-dialog";
import { DONATION_DELAY_MS, isSnoozed, readerStorage } from "~/lib/donation-snooze";
import { inStormNow } from "./lib/live";
import { ready, wholeStylesheet } from "./lib/ready";

/**
 * The donation prompt's timer: 30 s after the page loads, unless the reader answered the prompt
 * lately (after X, Maybe Later or Escape it stays away for the site's snoozeDays, after Donate Now
 * for its afterDonateDays; without storage it appears every time, as the spec says), it fetches
 * the dialog's code (the donation-dialog island) and what it shows (the edition's /api/donation),
 * whose addresses DonationPopup wrote, and the whole stylesheet, and shows it. Not while the page
 * is in storm mode: a page made in a storm has no prompt, and one told of a warning since (the live
 * channel put its banner in) holds it as that page would.
 */
const host = document.querySelector<HTMLElement>("[data-donation]");
const url = host?.dataset.donation;
const propsUrl = host?.dataset.props;
// The reader's storage is read when the prompt is due, not as the page loads: a first read of
// localStorage waits on the browser (its storage opened, a round trip between processes) and
// would sit in the page's first task after its first paint.
if (host && url && propsUrl) {
  window.setTimeout(() => {
    if (isSnoozed(readerStorage(), Date.now()) || inStormNow(document)) return;
    // No trigger button opens this dialog: focus goes back where it was when it closes.
    const active = document.activeElement;
    const returnFocus = active instanceof HTMLElement ? active : null;
    void Promise.all([
      import(/* @vite-ignore */ url) as Promise<{ show: typeof show }>,
      wholeStylesheet(),
      fetchProps(propsUrl),
    ]).then(([dialog, , props]) => {
      if (props) dialog.show(host, props, returnFocus);
    });
  }, DONATION_DELAY_MS);
}

/** What the dialog shows (/api/donation), or undefined when it could not be had. */
async function fetchProps(propsUrl: string): Promise<DonationProps | undefined> {
  try {
    const response = await fetch(propsUrl, { headers: { accept: "application/json" } });
    return response.ok ? ((await response.json()) as DonationProps) : undefined;
  } catch {
    return undefined;
  }
}

ready("donation");
