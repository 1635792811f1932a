import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { createRequire } from "node:module";
import path from "node:path";
import { defineConfig, type Plugin } from "vite";

/**
 * React Router's production build for the browser. Its package.json points every condition at
 * its development build, so its development warnings ship and run in readers' browsers
 * (remix-run/react-router#14102, open); the production build beside it differs only in
 * ENABLE_DEV_WARNINGS = false, and the bundler drops that code. The client build only: the
 * server keeps the one copy Node resolves, which @react-router/node and express use too.
 */
function reactRouterProductionBuild(): Plugin {
  const dir = path.join(
    path.dirname(createRequire(import.meta.url).resolve("react-router/package.json")),
    "dist/production",
  );
  const files: Record<string, string> = {
    "react-router": path.join(dir, "index.mjs"),
    "react-router/dom": path.join(dir, "dom-export.mjs"),
  };
  return {
    name: "react-router-production-build",
    apply: "build",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    resolveId: (id) => files[id] ?? null,
  };
}

/** A module of the app whose path (under app/ or sites/, without extension) matches `names`. */
const appModules = (names: string) =>
  new RegExp(`[\\\\/](app|sites)[\\\\/](${names.replaceAll("/", "[\\\\/]")})\\.tsx?$`);

/** Vite's preload helper, which it puts around every dynamic `import()` of the browser's code. */
const PRELOAD_HELPER = "\0vite/preload-helper.js";

/**
 * Dynamic imports without Vite's preload helper: about 0.6 KB (brotli) on every page of the
 * layout for its one lazily loaded module, the donation dialog. With `modulePreload: false` the
 * helper's only remaining work is to load a lazily loaded chunk's own CSS, and there is none here
 * (the one stylesheet is inlined in every page), so the helper becomes a plain call of the import
 * (vitejs/vite#13952 asks for this, open). The build fails if a lazily loaded chunk ever gets CSS
 * of its own, which the plain call would not load.
 */
function plainDynamicImports(): Plugin {
  return {
    name: "plain-dynamic-imports",
    apply: "build",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    load: (id) => (id === PRELOAD_HELPER ? "export const __vitePreload = (load) => load();" : null),
    generateBundle(_, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (
          chunk.type === "chunk" &&
          chunk.isDynamicEntry &&
          chunk.viteMetadata?.importedCss.size
        ) {
          this.error(
            `${chunk.fileName} is loaded lazily and has CSS of its own, which plainDynamicImports ` +
              "does not load: import that CSS from app.css, or remove the plugin.",
          );
        }
      }
    },
  };
}

/**
 * The first load's JavaScript in a few files rather than many small ones: brotli packs one file
 * better than the same code split in six (each compressed alone, without the others' words), and
 * each is a request. Rolldown takes the groups in order, and a group also takes what its modules
 * import unless an earlier group has it. A route module in a group leaves a file of a few bytes
 * that re-exports it.
 *
 * - framework: React, React Router and their helpers; every page.
 * - base: the root route and what every page uses, the radio and books pages (outside the
 *   shared layout) included.
 * - chrome: the shared layout: header, navigation, footer, search box, donation prompt.
 * - news: what home and the news pages share: cards, News Feed, video facade, sponsor blocks.
 * - page: the headings, sidebar layout and embed frame of the pages other than home.
 *
 * Anything else stays with its route (home's sections, the radio player, the contact form, the
 * weather page) or is fetched when used (the donation dialog, the third-party script loader). `npm run build` then the e2e test
 * "first-load JavaScript" measure each page (decision 005).
 */
const GROUPS = [
  {
    name: "framework",
    test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|turbo-stream|cookie|set-cookie-parser)[\\/]/,
  },
  {
    name: "base",
    test: appModules(
      "root|components/(icons|inline-stylesheet)|lib/(root-data|images|use-visible-interval)",
    ),
  },
  {
    name: "chrome",
    test: appModules(
      "layouts/site|components/(site-header|main-nav|site-footer|search-box|external-link|donation-popup|third-party-scripts)|lib/(search|site|donation-snooze)",
    ),
  },
  {
    name: "news",
    test: appModules(
      "components/(story-card|story-image|story-grid|link-list-card|news-feed-block|news-state|video-embed|ad-placeholder|relative-time)|lib/(use-revalidate-until-ready|use-now|relative-date|api|news|embeds)",
    ),
  },
  {
    name: "page",
    test: appModules("components/(page-heading|page-with-sidebar|embed-frame)"),
  },
];

export default defineConfig({
  plugins: [plainDynamicImports(), reactRouterProductionBuild(), tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build: {
    // React Router writes the modulepreload links of each page itself; see plainDynamicImports.
    modulePreload: false,
    rolldownOptions: { output: { codeSplitting: { groups: GROUPS } } },
  },
});
