// Bundles the Node process (server/index.ts and the site configs) into build/server-main/index.js.
// Packages stay external (node_modules); the React Router build is imported at run time.
import { build } from "esbuild";

await build({
  entryPoints: ["server/index.ts"],
  outfile: "build/server-main/index.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
