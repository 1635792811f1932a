import { redirect } from "react-router";
import { PAGES } from "~/lib/pages";
import { publicPath } from "../../common/slugs";
import type { Route } from "./+types/masthead";
import { cityContext } from "~/lib/city-context";

/**
 * /masthead (issue 53: it answered 404): the masthead is a section of the About page, so send it
 * there for good, at the About page's path in the edition's language (React Router adds the
 * edition's prefix), to the section itself.
 */
export function loader({ context: router }: Route.LoaderArgs) {
  const context = cityContext(router);
  return redirect(`${publicPath(PAGES.about.path, context.edition?.slugs)}#masthead`, 301);
}
