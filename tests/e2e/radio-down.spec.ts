import { expect, test } from "@playwright/test";
import { freePort } from "../support/ports";
import { E2E } from "./env";
import { gotoReady, startSiteServer, type SiteServer } from "./helpers";

// A site of its own whose station is down: its upstream is a loopback address and port where
// nothing listens, so /api/stream answers 502 and the player must say so.

let server: SiteServer | undefined;
let port = 0;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  port = await freePort("127.0.0.3");
  server = await startSiteServer(() => ({
    FEEDS_FILE: E2E.feedsFile,
    // The fixture feeds are on loopback, which the feed fetcher refuses unless allowed.
    ALLOW_PRIVATE_HOSTS: new URL(E2E.feedsUrl).hostname,
    RADIO_UPSTREAM: `http://127.0.0.3:${port}/stream`,
    RADIO_PORTS: String(port),
  }));
});

test.afterAll(async () => server?.stop());

test("the relay answers 502 when the station is down", async ({ request }) => {
  const res = await request.get(`${server?.url}/api/stream?port=${port}`);
  expect(res.status()).toBe(502);
  expect(await res.json()).toEqual({ error: "The radio stream is unavailable." });
});

test("play with the station down shows 'Stream temporarily unavailable.', and a later click tries again", async ({
  page,
}) => {
  await gotoReady(page, `${server?.url}/radio`);
  const streams: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/stream")) streams.push(r.url());
  });
  await page.getByRole("button", { name: "Play" }).click();
  await expect(page.getByRole("alert")).toHaveText("Stream temporarily unavailable.");
  await expect(page.getByRole("button", { name: "Play" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Now Playing" })).toContainText(
    "Live programming from our station stream.",
  );
  const tries = streams.length;
  expect(tries).toBeGreaterThan(0);
  await page.getByRole("button", { name: "Play" }).click();
  await expect.poll(() => streams.length).toBeGreaterThan(tries);
  await expect(page.getByRole("alert")).toHaveText("Stream temporarily unavailable.");
});
