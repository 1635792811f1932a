// Takes full-page screenshots of pages at 375 px and 1280 px wide (or --widths) with the system
// Chromium, scrolled through first so that lazy pictures have loaded:
//   node scripts/screenshot.mjs http://localhost:3000/ [/path ...] [--out shots/] [--top]
//     [--widths 375,800,1024,1280] [--no-js] [--offline] [--dark]
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";
import { CHROMIUM_LAUNCH_OPTIONS } from "../tests/chromium.mjs";

const args = process.argv.slice(2);
const outIndex = args.indexOf("--out");
const outDir = outIndex >= 0 ? args.splice(outIndex, 2)[1] : "shots";
const widthsIndex = args.indexOf("--widths");
const widths = (widthsIndex >= 0 ? args.splice(widthsIndex, 2)[1] : "375,1280")
  .split(",")
  .map(Number);
// --top: only the first screenful (easier to read than a very long page)
const topIndex = args.indexOf("--top");
const fullPage = topIndex < 0;
if (!fullPage) args.splice(topIndex, 1);
// --no-js: the page as a reader without JavaScript gets it (file names end in -nojs)
const noJsIndex = args.indexOf("--no-js");
const javaScriptEnabled = noJsIndex < 0;
if (!javaScriptEnabled) args.splice(noJsIndex, 1);
// --offline: the page as the offline service worker shows it with the network down (file names
// end in -offline): loaded once, the worker waited for, then the browser's HTTP cache emptied, the
// network cut and the page reloaded.
const offlineIndex = args.indexOf("--offline");
const offline = offlineIndex >= 0;
if (offline) args.splice(offlineIndex, 1);
// --dark: the reader's system set to dark (prefers-color-scheme; file names end in -dark)
const darkIndex = args.indexOf("--dark");
const colorScheme = darkIndex >= 0 ? "dark" : "light";
if (darkIndex >= 0) args.splice(darkIndex, 1);
const [base, ...paths] = args;
if (!base || !widths.every((w) => Number.isInteger(w) && w > 0)) {
  console.error(
    "usage: node scripts/screenshot.mjs BASE_URL [/path ...] [--out DIR] [--top] [--widths 375,1280]",
  );
  process.exit(2);
}
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
for (const path of paths.length ? paths : ["/"]) {
  for (const width of widths) {
    const page = await browser.newPage({
      viewport: { width, height: width < 768 ? 812 : 900 },
      javaScriptEnabled,
      colorScheme,
    });
    await page.goto(new URL(path, base).href, { waitUntil: "networkidle" });
    if (fullPage) {
      // Scroll down a screen at a time so lazy pictures load, then back up, as a reader would.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
          window.scrollTo(0, y);
          await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
        }
        window.scrollTo(0, 0);
      });
      await page.waitForLoadState("networkidle");
    }
    if (offline) {
      const url = page.url();
      await page.waitForFunction(
        async (here) => {
          if (!navigator.serviceWorker.controller) return false;
          return Boolean(await caches.match(here, { ignoreVary: true }));
        },
        url,
        { polling: 250 },
      );
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Network.clearBrowserCache");
      await page.context().setOffline(true);
      await page.reload({ waitUntil: "load" });
      await page.locator("p.saved-note").waitFor();
    }
    const suffix = `${javaScriptEnabled ? "" : "-nojs"}${offline ? "-offline" : ""}${colorScheme === "dark" ? "-dark" : ""}`;
    const name = `${path.replace(/\W+/g, "_") || "_"}-${width}${suffix}.png`;
    await page.screenshot({ path: `${outDir}/${name}`, fullPage });
    console.log(`${outDir}/${name}`);
    await page.close();
  }
}
await browser.close();
