import { Link, type LinkProps } from "react-router";
import { usePagePath } from "~/lib/page-path";

/**
 * A link to one of the site's pages by its route's path (`to="/weather"`), at the page's path in
 * the edition's language (/es/clima in an edition that translates it).
 */
export function PageLink({ to, ...props }: Omit<LinkProps, "to"> & { to: string }) {
  const pagePath = usePagePath();
  return <Link to={pagePath(to)} {...props} />;
}
