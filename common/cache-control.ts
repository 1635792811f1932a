/** Other files of public/ (favicons, images) may change between releases: an hour. */
export const STATIC_MAX_AGE_SECONDS = 3600;

/** Every Cache-Control this site sends, by what is sent. */
export const CACHE_CONTROL = {
  /**
   * A page or an API answer made from news: browsers and shared caches (a CDN) reuse it for a
   * minute, then may serve it for five more while they fetch it again. Its CSP travels with it
   * (hashes, not nonces), so any cache may keep the two together.
   */
  news: "public, max-age=60, s-maxage=60, stale-while-revalidate=300",
  /** Hashed build assets never change under a name: a year. */
  asset: "public, max-age=31536000, immutable",
  /** Files that may change between releases (robots.txt, sitemap.xml, public/). */
  file: `public, max-age=${STATIC_MAX_AGE_SECONDS}`,
  /**
   * The service worker (/sw.js): kept, but asked again (a 304 mostly) before each use, so that a
   * new release's worker is installed on a reader's next online visit.
   */
  worker: "no-cache",
  /** Never stored: forms and their answers, errors, health, states that are about to change. */
  none: "no-store",
  /** The live radio stream: never stored, never compressed on the way. */
  stream: "no-store, no-transform",
} as const;
