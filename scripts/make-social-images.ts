// Draws each site's 1200×630 social card (Open Graph / Twitter image) with the system Chromium:
//   npx tsx scripts/make-social-images.ts
// The PNGs are committed under public/social/; run this again after changing a site's name.
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";
import { SITES } from "../sites/registry";
import { escapeXml } from "../app/lib/xml";
import { SOCIAL_IMAGE } from "../app/lib/meta";
import { CHROMIUM_LAUNCH_OPTIONS } from "../tests/chromium.mjs";

const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
const page = await browser.newPage({ viewport: SOCIAL_IMAGE });
for (const site of Object.values(SITES)) {
  const html = `<!doctype html><html><body style="margin:0;width:1200px;height:630px;display:flex;
    flex-direction:column;justify-content:center;padding:0 80px;box-sizing:border-box;
    background:#fdfcf9;color:#1a1a1a;border-top:24px solid #8a1c1c">
    <div style="font:700 88px Georgia,'Times New Roman',serif;letter-spacing:-1px">${escapeXml(site.name)}</div>
    <div style="height:6px;border-top:2px solid #1a1a1a;border-bottom:2px solid #1a1a1a;margin:28px 0"></div>
    <div style="font:400 36px system-ui,sans-serif;color:#555049">Local news, weather, sports, events and live radio for ${escapeXml(site.city)}, ${escapeXml(site.state)}</div>
  </body></html>`;
  await page.setContent(html);
  const path = `public${site.socialImage}`;
  mkdirSync(path.slice(0, path.lastIndexOf("/")), { recursive: true });
  await page.screenshot({ path });
  console.log(path);
}
await browser.close();
