import { useSite } from "~/lib/root-data";
import { IslandProps, IslandScript } from "./island";

/** What the donation dialog shows and how long an answer keeps it away (the island's props). */
export interface DonationProps {
  name: string;
  city: string;
  donationUrl: string;
  donationPrompt: { snoozeDays: number; afterDonateDays: number };
}

/**
 * The donation prompt (SPEC.md §4, §9): nothing to see at first. Its island (donation.ts, a
 * timer of a few hundred bytes) shows the dialog 30 s after the page loads unless the reader
 * answered it lately (and never in storm mode: it is not rendered then); only then is the dialog's code fetched (donation-dialog.ts, React and
 * Radix's dialog), from the address this element carries, and rendered into it.
 */
export function DonationPopup() {
  const { site, islands, storm } = useSite();
  // Held in storm mode: no appeal for money over a warning (the page is made again after it).
  if (storm) return null;
  const props: DonationProps = {
    name: site.name,
    city: site.city,
    donationUrl: site.donationUrl,
    donationPrompt: {
      snoozeDays: site.donationPrompt.snoozeDays,
      afterDonateDays: site.donationPrompt.afterDonateDays,
    },
  };
  return (
    <>
      <div data-donation={islands["donation-dialog"]} />
      <IslandProps value={props} />
      <IslandScript name="donation" />
    </>
  );
}
