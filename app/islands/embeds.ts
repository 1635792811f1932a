import { loadWhenIdle } from "./lib/load-scripts";
import { propsOf, ready } from "./lib/ready";

/**
 * The site's configured embeds (ThirdPartyScripts, AdBox): each ad slot is queued for AdSense's
 * script (one `push` a slot), then the configured scripts (ThirdPartyScripts's props:
 * their URLs) load once the page is interactive. A site that configures none names no island.
 */

/** AdSense's queue: each `push` asks its script to fill one more `<ins>` slot. */
type AdQueueWindow = Window & { adsbygoogle?: unknown[] };

// From module code, not an inline script: the page's CSP allows only hashed inline scripts.
const queue = ((window as AdQueueWindow).adsbygoogle ??= []);
const slots = document.querySelectorAll("ins.adsbygoogle").length;
for (let i = 0; i < slots; i++) queue.push({});

const urls = [...document.querySelectorAll("script[data-island=embeds]")].flatMap(
  (script) => propsOf<string[]>(script) ?? [],
);
if (urls.length > 0) loadWhenIdle([...new Set(urls)]);

ready("embeds");
