import type { SiteConfig } from "../../sites/schema";

type Embeds = SiteConfig["embeds"];

/** The ad script of SPEC.md §7 for a configured ad client id. */
export function adScriptUrl(adClient: string): string {
  return `https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=${encodeURIComponent(adClient)}`;
}

/**
 * The third-party scripts a site loads, after the page is interactive (SPEC.md §7: the layout's
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
