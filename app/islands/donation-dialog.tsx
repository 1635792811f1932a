import { useState } from "react";
import { createRoot } from "react-dom/client";
import type { DonationProps } from "~/components/donation-popup";
import DonationDialog from "~/components/donation-dialog";

/**
 * The donation dialog (React with Radix's dialog), loaded by the donation island only when the
 * prompt is due: no page's first load carries it.
 */
export function show(container: Element, site: DonationProps, returnFocus: HTMLElement | null) {
  createRoot(container).render(<Prompt site={site} returnFocus={returnFocus} />);
}

function Prompt({ site, returnFocus }: { site: DonationProps; returnFocus: HTMLElement | null }) {
  const [open, setOpen] = useState(true);
  return <DonationDialog site={site} open={open} setOpen={setOpen} returnFocus={returnFocus} />;
}
