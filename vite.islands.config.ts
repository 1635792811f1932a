import { defineConfig } from "vite";
import { ISLANDS } from "./common/islands";

/**
 * The islands' build (docs/decisions/008-islands.md): each module of common/islands.ts's
 * ISLANDS an entry of its own, loaded by the pages that show it (`<script type="module" src>`)
 * or by another island when it needs it. An ordinary Vite build, after `react-router build`,
 * into the same build/client/assets (hashed, cached a year, precompressed); its manifest goes to
 * build/islands-manifest.json, outside what is served, and the server reads it at start-up.
 */
export default defineConfig({
  resolve: {
    tsconfigPaths: true,
    // Preact runs the islands' components in the browser (docs/decisions/016-preact-islands.md):
    // the same React source, which the server renders with React; preact/compat is React's API
    // in about 9 KB (brotli) where React DOM is 58 KB. Exact names only, most specific first.
    alias: [
      { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
      { find: /^react\/jsx-runtime$/, replacement: "preact/compat/jsx-runtime" },
      { find: /^react\/jsx-dev-runtime$/, replacement: "preact/compat/jsx-dev-runtime" },
      { find: /^react(-dom)?$/, replacement: "preact/compat" },
    ],
  },
  publicDir: false,
  // React's production build (process.env.NODE_ENV is what its entry reads).
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  build: {
    // build/ so that the manifest can sit outside build/client (all of which is served).
    outDir: "build",
    emptyOutDir: false,
    manifest: "islands-manifest.json",
    // Each page names the few modules it runs; nothing to preload for them.
    modulePreload: false,
    target: "es2022",
    rolldownOptions: {
      // A lazily loaded island (news-feed-render, donation-dialog) is imported by another for
      // what it exports: an application build would drop an entry's exports.
      preserveEntrySignatures: "exports-only",
      input: Object.fromEntries(
        Object.entries(ISLANDS).map(([name, file]) => [name, `app/islands/${file}`]),
      ),
      output: {
        entryFileNames: "client/assets/island-[name]-[hash].js",
        chunkFileNames: "client/assets/island-[name]-[hash].js",
      },
    },
  },
});
