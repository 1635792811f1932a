import { useEffect, useRef } from "react";
import { useRootData } from "~/lib/root-data";
import { ExternalLink } from "./external-link";

/** SPEC.md §3: who an ad slot is for. */
export type AdType = "google" | "buddhatv" | "dunamischarge";
/** SPEC.md §4: horizontal is short, square is medium, vertical is tall. */
export type AdVariant = "horizontal" | "square" | "vertical";

/**
 * Minimum heights per variant (SPEC.md §9: banner slots 250 and 600, reduced on small screens).
 * The box is reserved from the first paint, so nothing moves when an ad fills it.
 */
const SIZES: Record<AdVariant, string> = {
  horizontal: "min-h-[100px] md:min-h-[120px]",
  square: "min-h-[250px]",
  vertical: "min-h-[250px] lg:min-h-[600px]",
};

/**
 * The sponsor blocks are the publication's own promotions of its two partner sites (the site
 * config's `partners`, in this order), not slots of the ad network.
 */
const SPONSOR_PARTNER: Record<Exclude<AdType, "google">, 0 | 1> = {
  buddhatv: 0,
  dunamischarge: 1,
};

/** The ad network's queue: each `push` asks its script to fill one more `<ins>` slot. */
type AdQueueWindow = Window & { adsbygoogle?: unknown[] };

/**
 * An advertisement block of SPEC.md §3. A "google" slot is shown only with an ad client
 * configured: its height reserved from the first paint, it holds the ad script's `<ins>` (the
 * script itself loads after the page is interactive: ThirdPartyScripts); without one it is left
 * out, or, while designing (embedPlaceholders), shows where the ad would go. A sponsor block
 * (buddhatv, dunamischarge) is a small labelled link to that partner's site.
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
  if (type !== "google") {
    const partner = root?.site.partners[SPONSOR_PARTNER[type]];
    return partner ? <SponsorLink partner={partner} className={className} /> : null;
  }
  const client = root?.adClient ?? null;
  if (client) return <AdSlot client={client} variant={variant} className={className} />;
  if (!root?.embedPlaceholders) return null;
  return (
    <aside
      aria-label="Advertisement"
      data-ad-type={type}
      data-ad-variant={variant}
      className={`flex w-full flex-col items-center justify-center border border-dashed border-stone-400 bg-stone-100 p-4 text-center ${SIZES[variant]} ${className}`}
    >
      <span className="text-xs font-semibold tracking-wider text-muted uppercase">
        Advertisement
      </span>
      <span className="mt-1 text-sm text-muted">Your ad could be here</span>
    </aside>
  );
}

/** A live ad slot: the ad network's `<ins>`, queued for its script once, in a reserved box. */
function AdSlot({
  client,
  variant,
  className,
}: {
  client: string;
  variant: AdVariant;
  className: string;
}) {
  const queued = useRef(false);
  useEffect(() => {
    // From module code, not an inline script: the page's CSP allows only hashed inline scripts.
    if (queued.current) return;
    queued.current = true;
    const w = window as AdQueueWindow;
    (w.adsbygoogle ??= []).push({});
  }, []);
  return (
    <aside
      aria-label="Advertisement"
      data-ad-type="google"
      data-ad-variant={variant}
      className={`flex w-full flex-col bg-stone-100 ${SIZES[variant]} ${className}`}
    >
      <span className="px-2 py-1 text-xs font-semibold tracking-wider text-muted uppercase">
        Advertisement
      </span>
      <ins
        className="adsbygoogle block w-full flex-1"
        data-ad-client={client}
        data-ad-format="auto"
        data-full-width-responsive="true"
      />
    </aside>
  );
}

/** A house promotion of a partner site: a small, clearly labelled sponsor link. */
function SponsorLink({
  partner,
  className,
}: {
  partner: { label: string; url: string };
  className: string;
}) {
  return (
    <aside
      aria-label={`Sponsored by ${partner.label}`}
      data-sponsor={partner.label}
      className={`border-t border-rule pt-3 ${className}`}
    >
      <p className="text-xs font-semibold tracking-wider text-muted uppercase">Sponsored by</p>
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
