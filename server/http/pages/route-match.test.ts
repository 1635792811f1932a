import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { matchPage, routeTree } from "./route-match";

describe("matchPage", () => {
  // The shape of the build's route manifest (app/routes.ts): a layout with an index and pages,
  // pages outside it, and the catch-all.
  const manifest = {
    root: { id: "root", path: "" },
    "layouts/site": { id: "layouts/site", parentId: "root" },
    home: { id: "home", parentId: "layouts/site", index: true },
    "local-news": { id: "local-news", parentId: "layouts/site", path: "local-news" },
    search: { id: "search", parentId: "layouts/site", path: "search" },
    radio: { id: "radio", parentId: "root", path: "radio" },
    robots: { id: "robots", parentId: "root", path: "robots.txt" },
    "not-found": { id: "not-found", parentId: "root", path: "*" },
  } as unknown as ServerBuild["routes"];
  const tree = routeTree(manifest);

  it("knows a page by any spelling React Router matches, and gives its one path", () => {
    for (const spelling of ["/local-news", "/Local-News", "/local-news/", "/LOCAL-NEWS//"]) {
      expect(matchPage(tree, spelling)).toEqual({
        kind: "page",
        id: "local-news",
        path: "/local-news",
      });
    }
    expect(matchPage(tree, "/%73earch")).toMatchObject({ path: "/search" });
    expect(matchPage(tree, "/")).toEqual({ kind: "page", id: "home", path: "/" });
    expect(matchPage(tree, "/Radio")).toMatchObject({ path: "/radio" });
    expect(matchPage(tree, "/robots.txt")).toMatchObject({ path: "/robots.txt" });
  });

  it("names every other path the one not-found page", () => {
    for (const path of ["/nope", "/local-news/extra", "/x/y/z", "/search.php"]) {
      expect(matchPage(tree, path)).toEqual({ kind: "not-found" });
    }
  });
});
