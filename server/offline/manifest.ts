import { translatorFor } from "../../common/i18n";
import { publicPath } from "../../common/slugs";
import { brandOf } from "../../sites/brand";
import type { EditionInfo } from "../../sites/editions";
import type { City } from "../../sites/schema";
import { ICON_SIZES, iconPath } from "./icons";

/** Where each edition serves its web app manifest (/manifest.webmanifest, /es/manifest.webmanifest). */
export const MANIFEST_PATH = "/manifest.webmanifest";

/** The manifest's media type (W3C Web Application Manifest, "Media type registration"). */
export const MANIFEST_TYPE = "application/manifest+json";

/** A manifest's icon entry. */
interface ManifestIcon {
  src: string;
  sizes: string;
  type: "image/png";
  purpose: "any" | "maskable";
}

/** What an edition's manifest says (https://www.w3.org/TR/appmanifest/). */
export interface WebManifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: string;
  dir: "ltr";
  start_url: string;
  scope: string;
  display: "standalone";
  theme_color: string;
  background_color: string;
  icons: ManifestIcon[];
  shortcuts: { name: string; url: string }[];
  /**
   * The offline service worker's words and zone (app/offline/service-worker.ts), a proprietary
   * member (browsers ignore members they do not know): the note on a page it shows from its copy,
   * today's and an earlier day's, with `{time}` and `{date}` for it to fill in, in the city's zone.
   */
  offline_note: { saved_at: string; saved_on: string; time_zone: string };
}

/**
 * An edition's web app manifest, all of it from the city's data and the edition: its name, short
 * name and colours (sites/brand.ts), its language, and its home as the app's start and scope (the
 * Spanish edition's app opens /es/ and stays in it; the default edition's covers the whole host).
 * Its icons are the city's (the same for each edition); its one shortcut is the weather page, in
 * the edition's words and path (/es/clima). The offline service worker keeps its start and
 * shortcut with every page it keeps, and takes its note's words from it.
 */
export function webManifest(site: City, edition: Pick<EditionInfo, "path" | "slugs">): WebManifest {
  const brand = brandOf(site);
  const t = translatorFor(site.locale);
  const home = `${edition.path}/`;
  const icons = (["any", "maskable"] as const).flatMap((purpose) =>
    ICON_SIZES.map((size) => ({
      src: iconPath({ size, maskable: purpose === "maskable" }),
      sizes: `${size}x${size}`,
      type: "image/png" as const,
      purpose,
    })),
  );
  return {
    id: home,
    name: site.name,
    short_name: brand.shortName,
    description: site.tagline,
    lang: site.locale,
    dir: "ltr",
    start_url: home,
    scope: home,
    display: "standalone",
    theme_color: brand.color,
    background_color: brand.background,
    icons,
    shortcuts: [
      {
        name: t("meta.weather.label"),
        url: edition.path + publicPath("/weather", edition.slugs),
      },
    ],
    offline_note: {
      saved_at: t("layout.savedAt", { time: "{time}" }),
      saved_on: t("layout.savedOn", { date: "{date}", time: "{time}" }),
      time_zone: site.timeZone,
    },
  };
}
