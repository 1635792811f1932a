import { publicPath } from "../../common/slugs";
import { useRootData } from "./root-data";

/**
 * A page's path as its edition's readers see it: the route's path (/weather#alerts) in the
 * edition's language where it translates it (/clima#alerts, common/slugs.ts), else as it is. The
 * edition's prefix is not added (React Router's basename does that for a `<Link>`).
 */
export function usePagePath(): (path: string) => string {
  const slugs = useRootData()?.edition?.slugs;
  return (path) => publicPath(path, slugs);
}

/**
 * A page's address within the site for a plain `<a>` (no basename adds the prefix): the
 * edition's prefix and the page's path in its language (/es/clima#alerts).
 */
export function usePageHref(): (path: string) => string {
  const edition = useRootData()?.edition;
  return (path) => (edition?.path ?? "") + publicPath(path, edition?.slugs);
}
