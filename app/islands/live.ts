import { livePage, newsChange } from "./lib/live";
import { ready } from "./lib/ready";

/**
 * The page's live channel (`/api/live`, Server-Sent Events): one EventSource, which the browser
 * reconnects by itself with the last event's id. An alert change brings the banner as the server
 * now has it; new stories in a category the page shows are offered ("3 new stories"); a new title
 * on the radio is passed to the radio player. Without JavaScript, the page as rendered is right.
 */
const page = livePage(document, async () => {
  // Revalidated with the server (the page cache has made it again for the new weather).
  const res = await fetch(location.pathname + location.search, { cache: "no-cache" });
  return res.ok ? res.text() : "";
});
// An edition under a path prefix has its own channel (its news; its city's alerts and radio).
const base = document.querySelector<HTMLElement>("[data-live-announce]")?.dataset.base ?? "";
const source = new EventSource(`${base}/api/live`);
source.addEventListener("alert", () => void page.alerts().catch(() => undefined));
source.addEventListener("news", (event) => {
  const change = newsChange((event as MessageEvent<string>).data);
  if (change) page.news(change);
});
source.addEventListener("nowplaying", () => window.dispatchEvent(new Event("live:nowplaying")));

ready("live");
