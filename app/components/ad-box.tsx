import { useT } from "~/lib/i18n";
import { IslandScript } from "./island";

/** docs/product.md §4: horizontal is short, square is medium, vertical is tall. */
export type AdVariant = "horizontal" | "square" | "vertical";

/**
 * Minimum heights per variant (docs/product.md §9: banner slots 250 and 600, reduced on small screens).
 * The box is reserved from the first paint, so nothing moves when an ad fills it.
 */
const AD_SIZES: Record<AdVariant, string> = {
  horizontal: "min-h-[100px] md:min-h-[120px]",
  square: "min-h-[250px]",
  vertical: "min-h-[250px] lg:min-h-[600px]",
};

/**
 * An ad slot as AdPlaceholder shows it: the live slot with an ad client, else, while designing,
 * where the ad would go.
 */
export function AdBox({
  client,
  variant,
  className,
}: {
  client: string | null;
  variant: AdVariant;
  className: string;
}) {
  const t = useT();
  if (client) return <AdSlot client={client} variant={variant} className={className} />;
  return (
    <aside
      aria-label={t("layout.advertisement")}
      data-ad-type="google"
      data-ad-variant={variant}
      className={`flex w-full flex-col items-center justify-center border border-dashed border-stone-400 bg-stone-100 p-4 text-center ${AD_SIZES[variant]} ${className}`}
    >
      <span className="text-xs font-semibold tracking-wider text-muted uppercase">
        {t("layout.advertisement")}
      </span>
      <span className="mt-1 text-sm text-muted">{t("layout.yourAdHere")}</span>
    </aside>
  );
}

/**
 * A live ad slot: AdSense's `<ins>` in a reserved box, queued for its script (once) by the
 * embeds island (app/islands/embeds.ts).
 */
function AdSlot({
  client,
  variant,
  className,
}: {
  client: string;
  variant: AdVariant;
  className: string;
}) {
  const t = useT();
  return (
    <aside
      aria-label={t("layout.advertisement")}
      data-ad-type="google"
      data-ad-variant={variant}
      className={`flex w-full flex-col bg-stone-100 ${AD_SIZES[variant]} ${className}`}
    >
      <span className="px-2 py-1 text-xs font-semibold tracking-wider text-muted uppercase">
        {t("layout.advertisement")}
      </span>
      <ins
        className="adsbygoogle block w-full flex-1"
        data-ad-client={client}
        data-ad-format="auto"
        data-full-width-responsive="true"
      />
      <IslandScript name="embeds" />
    </aside>
  );
}
