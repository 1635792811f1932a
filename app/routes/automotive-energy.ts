import { redirect } from "react-router";
import { PAGES } from "~/lib/pages";
import { publicPath } from "../../common/slugs";
import type { Route } from "./+types/automotive-energy";
import { cityContext } from "~/lib/city-context";

/**
 * docs/product.md §2 names /automotive-energy as a hint for /automotive: send it there for good, at its
 * path in the edition's language (React Router adds the edition's prefix).
 */
export function loader({ context: router }: Route.LoaderArgs) {
  const context = cityContext(router);
  return redirect(publicPath(PAGES.automotive.path, context.edition?.slugs), 301);
}
