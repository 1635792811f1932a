import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * The React Router build: the server's render of every page (build/server) and the stylesheet
 * (app.css, which the server inlines per page). No page loads React Router's browser build: the
 * parts a reader interacts with are islands of their own (vite.islands.config.ts,
 * docs/decisions/008-islands.md), so this file needs nothing beyond the two plugins.
 */
export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
});
