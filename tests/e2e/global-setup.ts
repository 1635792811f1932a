import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { demoFeedsFile } from "../fixture-servers/demo-feeds";
import { startFeedServer } from "../fixture-servers/feed-server";
import { startRadioStation } from "../fixture-servers/radio-upstream";
import { startSmtp } from "../fixture-servers/smtp-server";
import { CALM_ALERTS, startWeatherServer } from "../fixture-servers/weather-server";
import { startSiteProcess } from "../support/site-process";
import { E2E_VARIABLES, TEST_SITE_URL } from "./env";

/**
 * What the end-to-end tests run against, each on a free port and with fresh data, so that a run
 * depends on no earlier one and two runs can share a machine: the fixture feed server and radio
 * station (in this process), the production build serving every city with Houston as the
 * default one (fed by both), and the same build serving Anchorage and Honolulu only (SITES). Where they are reaches the tests through environment variables (tests/e2e/env.ts).
 */
/**
 * Waits until a site's first round of feeds and weather has landed: until a page that depends on
 * every category and on the weather (a search) is served from the page cache twice in a row with
 * the same ETag, 300 ms apart. Before that, a page made at start-up is made again as each answer
 * lands, which is right, but a test of the cache itself would see two misses in a row.
 */
async function settled(url: string, deadlineMs = 60_000): Promise<void> {
  const started = Date.now();
  let previous: string | undefined;
  while (Date.now() - started < deadlineMs) {
    const res = await fetch(`${url}/search?q=settled`);
    await res.arrayBuffer();
    const now = res.headers.get("x-cache") === "hit" ? (res.headers.get("etag") ?? "") : undefined;
    if (now !== undefined && now === previous) return;
    previous = now;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${url} did not settle in ${deadlineMs / 1000} s: its pages kept changing`);
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "e2e-"));
  const feeds = await startFeedServer(0);
  const station = await startRadioStation();
  // A calm day (a wind advisory): storm mode and the banner have sites of their own.
  const weather = await startWeatherServer({ alerts: CALM_ALERTS });
  // The morning briefing's mail (issue 54): a loopback SMTP server writing each mail to a folder.
  const mailDir = path.join(dir, "mail");
  const smtp = await startSmtp({ parse: false, dir: mailDir });
  const feedsFile = path.join(dir, "feeds.json");
  writeFileSync(feedsFile, JSON.stringify(demoFeedsFile(feeds.url), null, 2));
  // Both servers share this 2-core machine with two browsers, which starves them at times: a page
  // waits for its render rather than being refused after 2 s (the shedding has tests of its own),
  // and every test browser comes from one loopback address (no one reader's share of renders).
  const patient = {
    RENDER_MAX_WAIT_MS: "20000",
    RENDER_PER_CLIENT: "1000",
    LIVE_MAX_PER_CLIENT: "1000",
  };
  const [houston, other] = await Promise.all([
    startSiteProcess({
      env: {
        ...patient,
        SITE_URL: TEST_SITE_URL,
        FEEDS_FILE: feedsFile,
        // The fixture feeds are on loopback, which the feed fetcher refuses unless allowed.
        ALLOW_PRIVATE_HOSTS: new URL(feeds.url).hostname,
        RADIO_UPSTREAM: station.url,
        RADIO_PORTS: String(station.port),
        // The fixture weather service (same loopback address as the feeds).
        NWS_API_URL: weather.url,
        NWS_RADAR_URL: weather.url,
        SMTP_URL: smtp.url,
      },
    }),
    // SITE_URL empty (unset): canonical links come from each city's own hosts.
    startSiteProcess({
      env: { ...patient, SITES: "anchorage,honolulu", DEFAULT_SITE: "anchorage", SITE_URL: "" },
    }),
  ]);
  await Promise.all([settled(houston.url), settled(other.url)]);
  const settings: Record<keyof typeof E2E_VARIABLES, string> = {
    houstonUrl: houston.url,
    houstonDataDir: houston.dataDir,
    otherUrl: other.url,
    feedsUrl: feeds.url,
    feedsFile,
    radioPort: String(station.port),
    weatherUrl: weather.url,
    mailDir,
  };
  for (const [name, value] of Object.entries(settings)) {
    process.env[E2E_VARIABLES[name as keyof typeof settings]] = value;
  }
  return async () => {
    await Promise.all([
      houston.stop(),
      other.stop(),
      feeds.close(),
      station.close(),
      weather.close(),
      smtp.close(),
    ]);
    rmSync(dir, { recursive: true, force: true });
  };
}
