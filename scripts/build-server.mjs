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
  // Node 24 runs it in production; Node 20.19 still must (the syntax both know).
  target: ["node24", "node20.19"],
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
