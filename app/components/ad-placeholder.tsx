import { useRootData } from "~/lib/root-data";

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

const SPONSORS: Record<AdType, string> = {
  google: "Advertisement",
  buddhatv: "Sponsored by Buddha TV",
  dunamischarge: "Sponsored by Dunamis Charge",
};

/**
 * An advertisement slot of a given type and variant, its height reserved from the first paint.
 * With an ad client configured it holds the ad script's slot; without one it is left out (or,
 * while designing, shows where the ad would go).
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
  const client = root?.adClient ?? null;
  if (!client && !root?.embedPlaceholders) return null;
  return (
    <aside
      aria-label={SPONSORS[type]}
      data-ad-type={type}
      data-ad-variant={variant}
      className={`flex w-full flex-col items-center justify-center border border-dashed border-stone-400 bg-stone-100 p-4 text-center ${SIZES[variant]} ${className}`}
    >
      <span className="text-xs font-semibold tracking-wider text-muted uppercase">
        {SPONSORS[type]}
      </span>
      {client ? (
        <ins className="adsbygoogle block w-full" data-ad-client={client} data-ad-format="auto" />
      ) : (
        <span className="mt-1 text-sm text-muted">Your ad could be here</span>
      )}
    </aside>
  );
}
