import { DONATION_API } from "../../common/urls";
import type { T } from "~/lib/i18n";
import { useSite } from "~/lib/root-data";
import { IslandScript } from "./island";

/** What the donation dialog shows and how long an answer keeps it away (/api/donation). */
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

/** What the dialog shows for a site, in a translator's language (GET /api/donation's answer). */
export function donationProps(
  t: T,
  site: Pick<DonationProps, "name" | "city" | "donationUrl" | "donationPrompt">,
): DonationProps {
  return {
    name: site.name,
    city: site.city,
    donationUrl: site.donationUrl,
    donationPrompt: {
      snoozeDays: site.donationPrompt.snoozeDays,
      afterDonateDays: site.donationPrompt.afterDonateDays,
    },
    words: donationWords(t, site),
  };
}

/**
 * The donation prompt (docs/product.md §4, §9): nothing to see at first. Its island (donation.ts, a
 * timer of a few hundred bytes) shows the dialog 30 s after the page loads unless the reader
 * answered it lately (and never in storm mode: it is not rendered then); only then are the
 * dialog's code (donation-dialog.ts, React and Radix's dialog) and what it shows (its props and
 * words, from the edition's /api/donation) fetched, from the addresses this element carries, and
 * the dialog rendered into it. No page carries the dialog's text.
 */
export function DonationPopup() {
  const { islands, storm, edition } = useSite();
  // Held in storm mode: no appeal for money over a warning (the page is made again after it).
  if (storm) return null;
  return (
    <>
      <div
        data-donation={islands["donation-dialog"]}
        data-props={`${edition.path}${DONATION_API}`}
      />
      <IslandScript name="donation" />
    </>
  );
}
