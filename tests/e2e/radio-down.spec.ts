import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { gotoHydrated } from "./helpers";

// A site of its own whose station is down: its upstream is an address where nothing listens
// (127.0.0.3, port 8076), so /api/stream answers 502 and the player must say so.

const PORT = 4176;
const BASE = `http://127.0.0.1:${PORT}`;
let server: ChildProcess;
let dataDir: string;

test.describe.configure({ mode: "serial" });
test.use({ baseURL: BASE });

test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "radio-down-"));
  server = spawn(process.execPath, ["build/server-main/index.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      SITE_URL: BASE,
      DATA_DIR: dataDir,
      FEEDS_FILE: "tests/e2e/feeds.json",
      LOG_LEVEL: "error",
      RADIO_UPSTREAM: "http://127.0.0.3:8076/stream",
    },
    stdio: "ignore",
  });
  await expect
    .poll(async () => (await fetch(`${BASE}/healthz`).catch(() => null))?.status, {
      timeout: 15_000,
    })
    .toBe(200);
});

test.afterAll(() => {
  server?.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

test("the relay answers 502 when the station is down", async ({ request }) => {
  const res = await request.get("/api/stream?port=8076");
  expect(res.status()).toBe(502);
  expect(await res.json()).toEqual({ error: "The radio stream is unavailable." });
});

test("play with the station down shows 'Stream temporarily unavailable.', and a later click tries again", async ({
  page,
}) => {
  await gotoHydrated(page, "/radio");
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
