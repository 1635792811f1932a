import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/** A module of the app whose path (under app/ or sites/, without extension) matches `names`. */
const appModules = (names: string) =>
  new RegExp(`[\\\\/](app|sites)[\\\\/](${names.replaceAll("/", "[\\\\/]")})\\.tsx?$`);

/**
 * The first load's JavaScript in a few files rather than many small ones: brotli packs one file
 * better than the same code split in six (each compressed alone, without the others' words), and
 * each is a request. Rolldown takes the groups in order, and a group also takes what its modules
 * import unless an earlier group has it.
 *
 * - framework: React, React Router and their helpers; every page.
 * - base: what every page uses, the radio and books pages (outside the shared layout) included.
 * - chrome: the shared layout (header, navigation, footer, page table) and its page furniture.
 * - news: the story cards, lists and sidebars of home and the news pages.
 *
 * Anything else stays with its route (the radio player, the contact form, the weather page) or
 * is fetched when used (the donation dialog). `npm run build` then the e2e test "first-load
 * JavaScript" measure each page.
 */
const GROUPS = [
  {
    name: "framework",
    test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|turbo-stream|cookie|set-cookie-parser)[\\/]/,
  },
  {
    name: "base",
    test: appModules(
      "components/(icons|inline-stylesheet)|lib/(root-data|images|use-visible-interval)",
    ),
  },
  {
    name: "chrome",
    test: appModules(
      "components/(site-header|main-nav|site-footer|search-box|external-link|donation-popup|third-party-scripts|page-heading|page-with-sidebar|date-text)|lib/(pages|search|site|donation-snooze)|categories",
    ),
  },
  {
    name: "news",
    test: appModules(
      "components/(story-card|story-image|story-grid|link-list-card|news-feed-block|news-state|video-embed|ad-placeholder|relative-time|marked-text|home-section|compact-story|featured-story)|lib/(use-revalidate-until-ready|use-now|relative-date|api|news)",
    ),
  },
];

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build: {
    rolldownOptions: { output: { codeSplitting: { groups: GROUPS } } },
  },
});
