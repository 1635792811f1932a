import { lazy, Suspense, useEffect, useState } from "react";
import { isSnoozed, readerStorage } from "~/lib/donation-snooze";
import type { PublicSite } from "~/lib/site";

/** SPEC.md §9: the prompt appears this long after the layout mounts. */
export const DONATION_DELAY_MS = 30_000;

const DonationDialog = lazy(() => import("./donation-dialog"));

/**
 * Shows the donation dialog 30 s after the layout mounts (its code is fetched only then), unless
 * the reader answered it lately: after X, Maybe Later or Escape it stays away for the site's
 * snoozeDays, after Donate Now for its afterDonateDays (kept in localStorage; without storage it
 * appears every time, as the spec says).
 */
export function DonationPopup({ site }: { site: PublicSite }) {
  const [open, setOpen] = useState(false);
  // Set when the prompt first shows. No trigger button opens this dialog, so it remembers where
  // focus was, to give it back on close.
  const [prompted, setPrompted] = useState<{ returnFocus: HTMLElement | null } | null>(null);

  useEffect(() => {
    if (isSnoozed(readerStorage(), Date.now())) return;
    const timer = window.setTimeout(() => {
      const active = document.activeElement;
      setPrompted({ returnFocus: active instanceof HTMLElement ? active : null });
      setOpen(true);
    }, DONATION_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  if (!prompted) return null;
  return (
    <Suspense fallback={null}>
      <DonationDialog
        site={site}
        open={open}
        setOpen={setOpen}
        returnFocus={prompted.returnFocus}
      />
    </Suspense>
  );
}
