import type { City } from "./schema";

/** A city's brand with every part given (sites/schema.ts `brand`). */
export interface Brand {
  color: string;
  background: string;
  shortName: string;
  mark: string;
}

/**
 * The stylesheet's accent and paper (app/app.css), for a city whose data gives no brand: the
 * network's defaults (sites/network.json) say the same, so only a city made without them (a
 * test's) reads these.
 */
const THEME = { color: "#8a1c1c", background: "#fdfcf9" };

/** A city's brand: its data's, else the theme's colours, its name, and its city's initial. */
export function brandOf(site: Pick<City, "brand" | "name" | "city">): Brand {
  const brand = site.brand;
  return {
    color: brand?.color ?? THEME.color,
    background: brand?.background ?? THEME.background,
    shortName: brand?.shortName ?? site.name,
    mark: brand?.mark ?? [...site.city.trim()][0]?.toLocaleUpperCase() ?? "",
  };
}
