import { z } from "zod";
import {
  AD_SCRIPT_ORIGIN,
  DOCUMENT_ORIGIN,
  VIDEO_ORIGIN,
  scriptOrigins,
} from "../../common/embeds";
import type { PartnerDocument } from "../../sites/content";
import { SiteSchema, type SiteConfig } from "../../sites/schema";
import { SettingsFileError, readSettingsFile } from "./settings-file";

type Embeds = SiteConfig["embeds"];

/**
 * Origins a page may additionally load from: the third-party embeds its site configures
 * (embedCspSources), and no others; server/http/headers.ts writes them into its CSP.
 */
export interface CspSources {
  scripts?: readonly string[];
  frames?: readonly string[];
  connect?: readonly string[];
  images?: readonly string[];
}

/** Every embed unset: what a key missing from an EMBEDS_FILE means. */
const NO_EMBEDS: Embeds = {
  formScript: "",
  adClient: "",
  imageBoard: "",
  eventsFeed: "",
  leadForm: "",
  featuredVideo: "",
};

const EmbedsFileSchema = z.strictObject(SiteSchema.shape.embeds.shape).partial();

/** Thrown for an EMBEDS_FILE that cannot be used; the message names the file and the bad keys. */
export class EmbedsFileError extends SettingsFileError {
  override name = "EmbedsFileError";
}

/**
 * Reads an EMBEDS_FILE (`{ "adClient": "ca-pub-…", "leadForm": "https://…", … }`), which replaces
 * the site config's `embeds` (a key it leaves out is not configured), checked as the site schema
 * checks them; an unknown key or a bad value stops start-up.
 */
export function readEmbedsFile(file: string): Embeds {
  return {
    ...NO_EMBEDS,
    ...readSettingsFile("EMBEDS_FILE", file, EmbedsFileSchema, EmbedsFileError),
  };
}

/**
 * What the ad script needs besides its own origin: the scripts, frames, beacons and pixels of
 * AdSense. Google supports only a nonce-based "strict" CSP for AdSense and may move these; an
 * allowlist is the most a cached, hash-based policy (docs/decisions/004) can give, so a site that
 * turns ads on checks its console for violations and extends this list.
 */
const ADSENSE: Required<CspSources> = {
  scripts: [AD_SCRIPT_ORIGIN, "https://ep2.adtrafficquality.google"],
  frames: [
    "https://googleads.g.doubleclick.net",
    "https://tpc.googlesyndication.com",
    "https://ep2.adtrafficquality.google",
    "https://www.google.com",
  ],
  connect: [AD_SCRIPT_ORIGIN, "https://ep1.adtrafficquality.google"],
  images: [AD_SCRIPT_ORIGIN, "https://ep1.adtrafficquality.google"],
};

/** The origin of a configured https URL, or nothing when it is unset. */
function originOf(url: string): string[] {
  return url ? [new URL(url).origin] : [];
}

function unique(list: readonly string[]): string[] {
  return [...new Set(list)];
}

/**
 * The origins a site's pages may load from beyond their own, from its configured embeds only
 * (computed once per process): script-src gains the form-embed and ad scripts' origins; frame-src
 * lists each configured frame's origin (video, image board, events wall, lead form, documents,
 * the form embed's and AdSense's frames) and nothing else. A site that configures no embed
 * gets none: its pages may frame nothing and load no script but their own.
 */
export function embedCspSources(services: {
  site: { embeds: Embeds };
  content: { pages: { partners: { documents: readonly PartnerDocument[] } } };
}): Required<CspSources> {
  const { embeds } = services.site;
  const ads = embeds.adClient ? ADSENSE : { scripts: [], frames: [], connect: [], images: [] };
  // A form-embed script draws its form in a frame of its own origin and posts to it.
  const form = originOf(embeds.formScript);
  const documents = services.content.pages.partners.documents.some((doc) => doc.id)
    ? [DOCUMENT_ORIGIN]
    : [];
  return {
    scripts: unique([...scriptOrigins(embeds), ...ads.scripts]),
    frames: unique([
      ...(embeds.featuredVideo ? [VIDEO_ORIGIN] : []),
      ...originOf(embeds.imageBoard),
      ...originOf(embeds.eventsFeed),
      ...originOf(embeds.leadForm),
      ...documents,
      ...form,
      ...ads.frames,
    ]),
    connect: unique([...form, ...ads.connect]),
    images: unique(ads.images),
  };
}
