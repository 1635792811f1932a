import { createContext, RouterContextProvider, type RouterContext } from "react-router";

declare global {
  // The one key of every copy of this module in a thread (see loadContextKey).
  var __cityNewsLoadContext: RouterContext<unknown> | undefined;
}

/**
 * The key a request's load context (server/context.ts LoadContext) travels under. Since React
 * Router 8 (middleware always on) loaders and actions are handed a RouterContextProvider and read
 * what the server gave them with `get(key)`. This module is bundled twice, into the React Router
 * build (the routes read the key) and into the server's own bundle (renderPage sets it), and a key
 * is told by identity, so it is made once per thread and kept on globalThis: both copies hold the
 * same one. common/ knows neither side's types: app/lib/city-context.ts names the value's.
 */
function loadContextKey<T>(): RouterContext<T> {
  // Only withLoadContext sets the key, and each side reads it at the type it wrote it with.
  return (globalThis.__cityNewsLoadContext ??= createContext<unknown>()) as RouterContext<T>;
}

/** The load context a request's loaders and actions were handed. */
export function readLoadContext<T>(router: Readonly<RouterContextProvider>): T {
  return router.get(loadContextKey<T>());
}

/** A request's load context as React Router takes it: a context provider holding it. */
export function withLoadContext<T>(context: T): RouterContextProvider {
  const router = new RouterContextProvider();
  router.set(loadContextKey<T>(), context);
  return router;
}
