// Builds the offline storm kit's service worker (app/offline/service-worker.ts) into
// build/client/sw.js, served at the site's root (server/http/static-files.ts): one classic
// script, minified, for the browsers that have service workers. Its size is measured by
// app/offline/service-worker.test.ts (at most 5 KB brotli).
import { build } from "esbuild";

/** The worker's build options (the size test builds it the same way, in memory). */
export const SERVICE_WORKER_BUILD = {
  entryPoints: ["app/offline/service-worker.ts"],
  bundle: true,
  minify: true,
  format: "iife",
  target: "es2022",
  legalComments: "none",
  logLevel: "warning",
};

if (import.meta.url === `file://${process.argv[1]}`) {
  await build({ ...SERVICE_WORKER_BUILD, outfile: "build/client/sw.js" });
}
