// Bundles the Node process (server/index.ts and the site configs) into build/server-main/index.js,
// and its render worker (server/render/worker.ts) beside it as render-worker.js.
// Packages stay external (node_modules); the React Router build is imported at run time.
import { build } from "esbuild";

await build({
  entryPoints: { index: "server/index.ts", "render-worker": "server/render/worker.ts" },
  outdir: "build/server-main",
  bundle: true,
  platform: "node",
  format: "esm",
  // Node 24, the one runtime (package.json engines).
  target: "node24",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
