import { type T, useT } from "~/lib/i18n";
import { useSite } from "~/lib/root-data";
import { IslandProps, IslandScript } from "./island";

/** What the donation dialog shows and how long an answer keeps it away (the island's props). */
export interface DonationProps {
  name: string;
  city: string;
  donationUrl: string;
  donationPrompt: { snoozeDays: number; afterDonateDays: number };
  /** Its words in the page's language (the dialog loads no catalogue). */
  words: DonationWords;
}

/** What the donation dialog says. */
export interface DonationWords {
  title: string;
  text: string;
  donateNow: string;
  maybeLater: string;
  close: string;
  newTab: string;
}

/** The dialog's words in a translator's language, for a site. */
export function donationWords(t: T, site: { name: string; city: string }): DonationWords {
  return {
    title: t("layout.donationTitle"),
    text: t("layout.donationText", { site: site.name, city: site.city }),
    donateNow: t("layout.donateNow"),
    maybeLater: t("layout.maybeLater"),
    close: t("layout.close"),
    newTab: t("layout.opensInNewTab"),
  };
}

/**
 * The donation prompt (SPEC.md §4, §9): nothing to see at first. Its island (donation.ts, a
 * timer of a few hundred bytes) shows the dialog 30 s after the page loads unless the reader
 * answered it lately (and never in storm mode: it is not rendered then); only then is the dialog's code fetched (donation-dialog.ts, React and
 * Radix's dialog), from the address this element carries, and rendered into it.
 */
export function DonationPopup() {
  const { site, islands, storm } = useSite();
  const t = useT();
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
    words: donationWords(t, site),
  };
  return (
    <>
      <div data-donation={islands["donation-dialog"]} />
      <IslandProps value={props} />
      <IslandScript name="donation" />
    </>
  );
}
