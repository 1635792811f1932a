/**
 * The islands: the parts of a page a reader interacts with, each a module of its own in
 * app/islands/ (built by vite.islands.config.ts), loaded only by a page that shows the part
 * (`<IslandScript>`). Everything else is HTML made on the server, with no framework in the
 * browser (docs/decisions/008-islands.md). Each name's source file, under app/islands/.
 */
export const ISLANDS = {
  // The phone's menu toggle and the "More" list's closing (Escape, a click outside).
  menu: "menu.ts",
  // The video facade: a click puts the player in place of the poster.
  video: "video.ts",
  // A picture that fails shows its fallback (a story's default photo, a book's placeholder, then
  // its typographic cover).
  pictures: "pictures.ts",
  // The configured third-party scripts, after the page is interactive, and the ad slots' queue.
  embeds: "embeds.ts",
  // The contact form sent without a page load (the server's answer put in its place).
  contact: "contact.ts",
  // The radio player on /radio: React, hydrated alone (the only React a page loads at once).
  radio: "radio.tsx",
  // Relative dates ("3 hours ago") kept true while a page stays open.
  clock: "clock.ts",
  // A page whose news is loading (or failed) asks again until it is ready.
  "until-ready": "until-ready.ts",
  // The News Feed's refresh every 5 minutes (a timer), and its renderer (React, loaded by the
  // timer at the first refresh that has something new to list).
  "news-feed": "news-feed.ts",
  "news-feed-render": "news-feed-render.tsx",
  // The donation prompt's timer, and its dialog (React, loaded by the timer when it is due).
  donation: "donation.ts",
  "donation-dialog": "donation-dialog.tsx",
  // The page's live channel (/api/live): the alert banner, new stories, the radio's title.
  live: "live.ts",
  // Warnings by Web Push: the "Warn me about" form on /weather and in storm mode (issue 52).
  "push-warnings": "push-warnings.ts",
} as const;

export type IslandName = keyof typeof ISLANDS;

/** Where each island's module is served (production: the islands build's manifest). */
export type IslandSources = Record<IslandName, string>;

/** In development, Vite serves each island from its source. */
export function devIslandSources(): IslandSources {
  return Object.fromEntries(
    Object.entries(ISLANDS).map(([name, file]) => [name, `/app/islands/${file}`]),
  ) as IslandSources;
}

/** The type of an island's marker: a data block, which the browser neither runs nor fetches. */
export const ISLAND_MARKER_TYPE = "text/x-island";

/** Where the offline storm kit's service worker is served (app/offline/service-worker.ts). */
export const SERVICE_WORKER_URL = "/sw.js";

/**
 * The loader of the page's islands, inline at the end of <body> (its hash is in the page's CSP):
 * once the browser has painted the page (its first paint entry, Paint Timing; a frame and a task
 * later where that is not reported), it imports the module each marker names. Without
 * JavaScript nothing runs, and the page is whole.
 */
export const ISLAND_LOADER = islandLoader("");

/**
 * The loader of a production page (app/root.tsx), which also registers the offline service
 * worker where the browser has service workers (a browser asks for it again on each visit: a
 * new release's takes over); everything else the worker reads from the pages it keeps. In
 * development no worker is built, so none is registered. Without it, nothing changes.
 */
export const ISLAND_LOADER_WITH_WORKER = islandLoader(
  `;navigator.serviceWorker?.register("${SERVICE_WORKER_URL}").catch(()=>{})`,
);

function islandLoader(after: string): string {
  return `(()=>{const load=()=>{for(const s of document.querySelectorAll('script[type="${ISLAND_MARKER_TYPE}"]'))import(s.dataset.src)${after}};self.PerformanceObserver?.supportedEntryTypes?.includes("paint")?new PerformanceObserver((_,o)=>{o.disconnect();load()}).observe({type:"paint",buffered:true}):requestAnimationFrame(()=>setTimeout(load))})()`;
}

/** The attribute of <html> where each island's module, once started, adds its name. */
export const ISLANDS_READY = "data-islands-ready";
