import type { MetaDescriptor } from "react-router";
import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";

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

/**
 * A route's `meta` export: the tags its loader built on the server (page-meta.server.ts), so no
 * page's builders or descriptions are part of the browser's bundle. None when the loader failed
 * (the error boundary names the error in the title).
 */
export function loaderMeta({
  loaderData,
}: {
  loaderData?: { meta?: MetaDescriptor[] } | null;
}): MetaDescriptor[] {
  return loaderData?.meta ?? [];
}
