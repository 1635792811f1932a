import type { City as SiteConfig } from "../sites/schema";

/**
 * The third-party embeds of docs/product.md §7, in one place. The rule: an embed whose id or URL the
 * site does not configure is left out of the page (its component renders nothing, or its route
 * leaves the block out); a placeholder box shows where it would go only while designing
 * (`embedPlaceholders`: SHOW_EMBED_PLACEHOLDERS, or `npm run dev`). Each configured one is
 * loaded from the URL built here, and the site's CSP names that URL's origin (server/settings/embeds.ts).
 */
type Embeds = SiteConfig["embeds"];

/** The origin AdSense's loader comes from (`adClient` is an AdSense client id). */
export const AD_SCRIPT_ORIGIN = "https://pagead2.googlesyndication.com";

/** The video host of `featuredVideo`, without cookies until the reader plays the video. */
export const VIDEO_ORIGIN = "https://www.youtube-nocookie.com";

/** The cloud drive of the partner documents' ids. */
export const DOCUMENT_ORIGIN = "https://drive.google.com";

/** The ad script for a configured ad client id. */
export function adScriptUrl(adClient: string): string {
  return `${AD_SCRIPT_ORIGIN}/pagead/js/adsbygoogle.js?client=${encodeURIComponent(adClient)}`;
}

/** The player of a configured video id, playing at once (it is shown after the reader's click). */
export function videoEmbedUrl(videoId: string): string {
  return `${VIDEO_ORIGIN}/embed/${encodeURIComponent(videoId)}?autoplay=1`;
}

/** The preview of a partner document's cloud-drive id (encoded, never trusted as a URL). */
export function documentPreviewUrl(id: string): string {
  return `${DOCUMENT_ORIGIN}/file/d/${encodeURIComponent(id)}/preview`;
}

/**
 * The third-party scripts a site loads, after the page is interactive (docs/product.md §7: the layout's
 * form-embed script and the ad script): only those whose id or URL the site configures.
 */
export function thirdPartyScripts(embeds: Pick<Embeds, "formScript" | "adClient">): string[] {
  const scripts: string[] = [];
  if (embeds.formScript) scripts.push(embeds.formScript);
  if (embeds.adClient) scripts.push(adScriptUrl(embeds.adClient));
  return scripts;
}

/** The origins a site's configured scripts come from: its CSP's script-src adds them, no others. */
export function scriptOrigins(embeds: Pick<Embeds, "formScript" | "adClient">): string[] {
  return [...new Set(thirdPartyScripts(embeds).map((url) => new URL(url).origin))];
}
