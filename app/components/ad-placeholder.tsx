import { useT } from "~/lib/i18n";
import { useRootData } from "~/lib/root-data";
import { AdBox, type AdVariant } from "./ad-box";
import { ExternalLink } from "./external-link";

/** docs/product.md §3: who an ad slot is for. */
export type AdType = "google" | "buddhatv" | "dunamischarge";

/**
 * The sponsor blocks are the publication's own promotions of its two partner sites (the site
 * config's `partners`, in this order), not AdSense slots.
 */
const SPONSOR_PARTNER: Record<Exclude<AdType, "google">, 0 | 1> = {
  buddhatv: 0,
  dunamischarge: 1,
};

/**
 * An advertisement block of docs/product.md §3. A "google" slot is shown only with an ad client
 * configured: its height reserved from the first paint, it holds the ad script's `<ins>` (the
 * embeds island queues it; the script itself loads after the page is interactive:
 * ThirdPartyScripts); without one it is left
 * out, or, while designing (embedPlaceholders), shows where the ad would go. A sponsor block
 * (buddhatv, dunamischarge) is a small labelled link to that partner's site. Neither is shown in
 * storm mode (root data's `storm`) unless STORM_ADS keeps them.
 */
export function AdPlaceholder({
  type,
  variant,
  className = "",
}: {
  type: AdType;
  variant: AdVariant;
  className?: string;
}) {
  const root = useRootData();
  // Storm mode: no advertising beside the city's warnings, unless STORM_ADS keeps it.
  if (root?.storm && !root.stormAds) return null;
  if (type !== "google") {
    const partner = root?.site.partners[SPONSOR_PARTNER[type]];
    return partner ? <SponsorLink partner={partner} className={className} /> : null;
  }
  const client = root?.adClient ?? null;
  if (!client && !root?.embedPlaceholders) return null;
  return <AdBox client={client} variant={variant} className={className} />;
}

/** A house promotion of a partner site: a small, clearly labelled sponsor link. */
function SponsorLink({
  partner,
  className,
}: {
  partner: { label: string; url: string };
  className: string;
}) {
  const t = useT();
  return (
    <aside
      aria-label={t("layout.sponsoredByPartner", { partner: partner.label })}
      data-sponsor={partner.label}
      className={`border-t border-rule pt-3 ${className}`}
    >
      <p className="text-xs font-semibold tracking-wider text-muted uppercase">
        {t("layout.sponsoredBy")}
      </p>
      <ExternalLink
        href={partner.url}
        rel="sponsored noopener"
        className="flex min-h-11 items-center font-serif text-lg font-bold text-ink hover:text-accent hover:underline"
      >
        {partner.label}
      </ExternalLink>
    </aside>
  );
}
