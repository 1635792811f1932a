import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { ServerRouter, isRouteErrorResponse } from "react-router";
import { StylesheetContext } from "./components/inline-stylesheet";
import { CACHE_CONTROL } from "../common/cache-control";
import { cityContext } from "./lib/city-context";

/** Abort a render that has not finished by then (slightly longer than streamTimeout). */
export const streamTimeout = 5_000;

/**
 * Renders a page whole before the first byte is sent: a page is rendered once and then served
 * from the server's page cache to every reader (server/http/pages/page-cache.ts), so what matters is the
 * complete document, its inline scripts fixed (the server lists their hashes in its CSP).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  router: RouterContextProvider,
) {
  const loadContext = cityContext(router);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // A render that has not finished in time is aborted. The timer is cleared as soon as the
    // render is whole (or failed): left running, it would keep every page rendered in the last
    // few seconds in memory, with its React request, until it fired.
    const timer = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <StylesheetContext.Provider value={loadContext.stylesheet}>
        <ServerRouter context={routerContext} url={request.url} />
      </StylesheetContext.Provider>,
      {
        onAllReady() {
          clearTimeout(timer);
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          if (!responseHeaders.has("Cache-Control")) {
            responseHeaders.set(
              "Cache-Control",
              responseStatusCode === 200 ? CACHE_CONTROL.news : CACHE_CONTROL.none,
            );
          }
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are logged here; errors before it reach onShellError.
          if (shellRendered) loadContext.log.error({ err: error }, "render error");
        },
      },
    );
  });
}

/** Errors thrown by loaders, actions and rendering go to the request's logger, not the console. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const log = cityContext(context).log;
  // A 4xx (e.g. a POST to a page without a form) is the client's mistake, not ours.
  if (isRouteErrorResponse(error) && error.status < 500) {
    log.warn({ status: error.status, method: request.method, url: request.url }, "request refused");
    return;
  }
  log.error({ err: error, url: request.url }, "request failed");
};
