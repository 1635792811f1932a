// An edition's translated paths (issue 38): its data may give a page's slug in its language
// (`slugs`, { "weather": "clima" }), so that the Spanish edition's weather page is /es/clima.
// The routes keep one spelling each (app/routes.ts): a request's public path is turned into its
// route's before React Router sees it (routePath), and every link, canonical URL, alternate and
// sitemap entry the other way (publicPath). Every page's path is one segment, so only a path of
// one segment is ever translated, with one exception: a page's own feeds (issue 54), its path
// and a feed's file name (/noticias-locales/rss.xml). /api/live, /images/… and the like never are.

/** A page's slug in an edition's language, by its route's slug ("weather" → "clima"). */
export type Slugs = Readonly<Record<string, string>>;

/** The file names of a page's own feeds (app/lib/feeds.ts), the one second segment translated. */
export const FEED_FILES = ["rss.xml", "atom.xml", "feed.json"] as const;

/**
 * A path's one segment, then its trailing slash or one of its feeds' file names, and what follows
 * the path (?query, #fragment).
 */
const ONE_SEGMENT = /^\/([^/?#]+)(\/?|\/(?:rss\.xml|atom\.xml|feed\.json))([?#].*)?$/;

function translate(path: string, find: (segment: string) => string | undefined): string {
  const parts = ONE_SEGMENT.exec(path);
  if (!parts) return path;
  const [, segment = "", slash = "", rest = ""] = parts;
  const other = find(segment);
  return other === undefined ? path : `/${other}${slash}${rest}`;
}

/** The path a reader sees for a route's path: /weather#alerts → /clima#alerts. */
export function publicPath(path: string, slugs: Slugs | undefined): string {
  if (!slugs) return path;
  return translate(path, (segment) => (Object.hasOwn(slugs, segment) ? slugs[segment] : undefined));
}

/** A segment as its percent-encoding spells it (/%63lima is /clima), or as it is if malformed. */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The route's path a reader's path names: /clima → /weather. Any case or percent-encoding of it
 * names it too (/Clima/ → /weather/, /%63lima → /weather), which the page handler sends to its
 * one spelling. A path no slug translates is its own, the untranslated spelling (/weather) too:
 * the page handler redirects it to the translated one.
 */
export function routePath(path: string, slugs: Slugs | undefined): string {
  if (!slugs) return path;
  return translate(path, (segment) => {
    const wanted = decoded(segment).toLowerCase();
    return Object.keys(slugs).find((route) => slugs[route] === wanted);
  });
}
