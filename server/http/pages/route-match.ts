import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/** What a path names, as React Router would match it (before anything is rendered). */
export type PageMatch =
  /** A page of the route table, and the one spelling of its path (lower case, no slash at the end). */
  | { kind: "page"; id: string; path: string }
  /** No page: the catch-all route answers it (404), the same page whatever the path. */
  | { kind: "not-found" };

type Manifest = ServerBuild["routes"];

/** The build's flat route manifest as the nested route objects matchRoutes takes. */
export function routeTree(routes: Manifest): RouteObject[] {
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    Object.values(routes)
      .filter((route) => route && route.parentId === parentId)
      .map((route) => {
        const { id, path, index, caseSensitive } = route as NonNullable<Manifest[string]>;
        if (index) return { id, path, index: true, caseSensitive };
        return { id, path, caseSensitive, children: childrenOf(id) };
      });
  return childrenOf(undefined);
}

/**
 * The page that `pathname` names, matched as React Router matches it (any case, an optional
 * slash at the end, percent-escapes decoded), with its route's own spelling. The route table has
 * no parameters (app/routes.ts), so that spelling is the page's one canonical path; a splat route
 * (`*`) is the not-found page. Undefined when nothing matches at all.
 */
export function matchPage(tree: RouteObject[], pathname: string): PageMatch | undefined {
  let matches;
  try {
    matches = matchRoutes(tree, pathname);
  } catch {
    return undefined; // a malformed escape: the caller refuses it
  }
  if (!matches?.length) return undefined;
  const last = matches[matches.length - 1] as (typeof matches)[number];
  if (matches.some((m) => m.route.path?.includes("*") || m.route.path?.includes(":"))) {
    return last.route.path === "*" ? { kind: "not-found" } : undefined;
  }
  const segments = matches.map((m) => m.route.path ?? "").filter(Boolean);
  return { kind: "page", id: last.route.id ?? "", path: `/${segments.join("/")}` };
}
