import type { MetaDescriptor } from "react-router";
import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";
import { buildMeta, type MetaInput, type PageExtras } from "./meta";
import { getPage } from "./pages";

type MetaPage = MetaInput["page"];

export type RootData = Awaited<ReturnType<typeof rootLoader>>;

/** The root loader's data (site, canonical base, request time); absent only in a failed render. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof rootLoader>("root");
}

/** Like useRootData, for components that only render inside a successful page. */
export function useSite(): RootData {
  const data = useRootData();
  if (!data) throw new Error("useSite() called outside the root route's data");
  return data;
}

/** The `matches` of a meta function, as far as these helpers read them. */
type MetaMatchList = ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;

function findRootData(matches: MetaMatchList): RootData | undefined {
  return matches.find((m) => m?.id === "root")?.loaderData as RootData | undefined;
}

/**
 * The meta tags of a page of app/lib/pages.ts, for a route module's `meta` export, with what the
 * page adds (its times, section and stories, from its loader's data).
 */
export function metaForPage(
  page: MetaPage | string,
  matches: MetaMatchList,
  extras: PageExtras = {},
): MetaDescriptor[] {
  const info: MetaPage | undefined = typeof page === "string" ? getPage(page) : page;
  const root = findRootData(matches);
  if (!info || !root) return [];
  return buildMeta({ ...extras, site: root.site, siteUrl: root.siteUrl, page: info });
}
