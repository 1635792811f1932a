import { data } from "react-router";
import { translatorFor } from "../../common/i18n";
import { CACHE_CONTROL } from "../../common/cache-control";
import { donationProps } from "~/components/donation-popup";
import type { Route } from "./+types/api.donation";
import { cityContext } from "~/lib/city-context";

/**
 * GET /api/donation: what the donation dialog shows (its props, its words in the edition's
 * language), asked for by the donation island only when the prompt is due, so that no page
 * carries the dialog's text (DonationPopup).
 */
export function loader({ context: router }: Route.LoaderArgs) {
  const context = cityContext(router);
  return data(donationProps(translatorFor(context.site.locale), context.site), {
    headers: { "Cache-Control": CACHE_CONTROL.news },
  });
}
