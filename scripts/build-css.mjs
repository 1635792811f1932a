// The whole stylesheet as browsers get it (decision 015): each selector that names a class
// followed by its short form, in place in build/client/assets, so that markup with either name
// matches. The stylesheet as Tailwind built it is kept in build/stylesheet/ for the server, which
// cuts each page's rules from it and gives them, and the page, the short names.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { shortNames, withBothNames } from "../server/render/class-names.ts";

const assets = "build/client/assets";
const kept = "build/stylesheet";
// Only this build's: the folder is not emptied by the builds before this step, as build/client is.
rmSync(kept, { recursive: true, force: true });
mkdirSync(kept, { recursive: true });
for (const name of readdirSync(assets).filter((file) => file.endsWith(".css"))) {
  const file = path.join(assets, name);
  copyFileSync(file, path.join(kept, name));
  const css = readFileSync(file, "utf8");
  writeFileSync(file, withBothNames(css, shortNames(css)));
}
