import type { RouterContextProvider } from "react-router";
import { readLoadContext, withLoadContext } from "../../common/load-context";
import type { LoadContext } from "../../server/context";

/** The city's services and the request's facts, as a loader or action reads them from `context`. */
export function cityContext(router: Readonly<RouterContextProvider>): LoadContext {
  return readLoadContext<LoadContext>(router);
}

/** `context` as React Router hands it to loaders and actions, holding `context` (tests). */
export function routerContext(context: LoadContext): RouterContextProvider {
  return withLoadContext(context);
}
