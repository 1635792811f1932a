import { redirect } from "react-router";
import type { Route } from "./+types/feed-redirect";

/**
 * /rss and /feed, where readers and their apps look for a site's feed first (issue 54: they
 * answered 404): home's RSS feed, for good (React Router adds the edition's prefix).
 */
export function loader(_: Route.LoaderArgs) {
  return redirect("/rss.xml", 301);
}
