import { redirect } from "react-router";
import { PAGES } from "~/lib/pages";

/** SPEC.md §2 names /automotive-energy as a hint for /automotive: send it there for good. */
export function loader() {
  return redirect(PAGES.automotive.path, 301);
}
