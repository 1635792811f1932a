import { Link, type LinkProps } from "react-router";
import { usePagePath } from "~/lib/page-path";

/**
 * A link to one of the site's pages by its route's path (`to="/weather"`), at the page's path in
 * the edition's language (/es/clima in an edition that translates it).
 */
export function PageLink({ to, ...props }: Omit<LinkProps, "to"> & { to: string }) {
  const pagePath = usePagePath();
  // No data-discover: it marks links for React Router's route discovery, which runs only in a
  // hydrated app, and no page hydrates the router (decision 008).
  return <Link discover="none" to={pagePath(to)} {...props} />;
}
