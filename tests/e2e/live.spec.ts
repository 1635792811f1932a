import { expect, test } from "@playwright/test";
import { DEMO_ALERTS, startWeatherServer } from "../fixture-servers/weather-server";
import { startPostgres } from "../support/postgres";
import { startSiteProcess } from "../support/site-process";
import { startSiteServer, waitForIslands } from "./helpers";

// The live channel (/api/live) on a site of its own whose weather service this test controls:
// alerts are asked for every 2 s (NWS_ALERTS_SECONDS), so a warning reaches an open page within
// the 5 s budget on top of that.

/** The Extreme warning this test issues, in the city's county. */
const TORNADO = {
  ...(DEMO_ALERTS[0] as (typeof DEMO_ALERTS)[number]),
  id: "urn:oid:2.49.0.1.840.0.fixture.tornado",
  event: "Tornado Warning",
  severity: "Extreme" as const,
  headline: "Tornado Warning issued until 9:00 PM CST",
};

test("an open page shows a warning issued after it loaded, without a reload, and drops it when it is cancelled", async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const weather = await startWeatherServer({ alerts: [] });
  weather.set({ maxAgeSeconds: 1 });
  const site = await startSiteServer(() => ({
    ALLOW_PRIVATE_HOSTS: "127.0.0.1",
    NWS_API_URL: weather.url,
    NWS_RADAR_URL: weather.url,
    NWS_ALERTS_SECONDS: "2",
  }));
  try {
    // The city's weather starts on its first ask; the page is opened once it has answered.
    await expect
      .poll(
        async () =>
          (await fetch(`${site.url}/weather`)).text().then((t) => t.includes('id="current"')),
        {
          timeout: 30_000,
        },
      )
      .toBe(true);
    await page.goto(site.url);
    await waitForIslands(page);
    const banner = page.getByRole("region", { name: "Weather alert" });
    await expect(banner).toHaveCount(0);
    // A page of the Spanish edition, open at the same time: its city's alerts are its own.
    const spanish = await context.newPage();
    await spanish.goto(`${site.url}/es/`);
    await waitForIslands(spanish);
    const spanishBanner = spanish.getByRole("region", { name: "Alerta del tiempo" });
    await expect(spanishBanner).toHaveCount(0);

    weather.set({ alerts: [TORNADO] });
    const issued = Date.now();
    await expect(banner).toBeVisible({ timeout: 15_000 });
    // Fetched within one alerts interval (2 s) and the tick after it, then at the page at once.
    expect(Date.now() - issued).toBeLessThan(2_000 + 5_000);
    await expect(banner).toContainText("Tornado Warning");
    await expect(spanishBanner).toBeVisible({ timeout: 5_000 });
    await expect(spanishBanner).toContainText("Aviso de tornado");
    // Said once to screen readers through the page's polite live region.
    await expect(page.locator("[data-live-announce]")).toContainText(
      "Weather alert: Tornado Warning",
    );
    // It sits first on the screen, as a page rendered with it has it.
    await expect(page.locator("section[data-weather-alert]")).toHaveAttribute(
      "data-weather-alert",
      TORNADO.id,
    );

    weather.set({ alerts: [] });
    await expect(banner).toHaveCount(0, { timeout: 15_000 });
    await expect(spanishBanner).toHaveCount(0, { timeout: 5_000 });
  } finally {
    await site.stop();
    await weather.close();
  }
});

test("the live channel answers Server-Sent Events, resumes with Last-Event-ID, and refuses past its caps", async () => {
  const site = await startSiteServer(() => ({ LIVE_MAX_PER_CLIENT: "2" }));
  const opened: AbortController[] = [];
  const open = async (headers: Record<string, string> = {}) => {
    const abort = new AbortController();
    opened.push(abort);
    return fetch(`${site.url}/api/live`, { headers, signal: abort.signal });
  };
  try {
    const first = await open();
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(first.headers.get("cache-control")).toBe("no-store, no-transform");
    expect(first.headers.get("content-encoding")).toBeNull();
    const reader = first.body?.getReader();
    const chunk = new TextDecoder().decode((await reader?.read())?.value);
    expect(chunk).toBe("retry: 5000\n\n");
    // A page that comes back with an id of another process is told nothing it cannot place.
    const again = await open({ "Last-Event-ID": "0000.1" });
    expect(again.status).toBe(200);
    // Past LIVE_MAX_PER_CLIENT: 503 with Retry-After, and pages still answer.
    const third = await open();
    expect(third.status).toBe(503);
    expect(third.headers.get("retry-after")).toBe("30");
    expect((await fetch(`${site.url}/faq`)).status).toBe(200);
  } finally {
    for (const abort of opened) abort.abort();
    await site.stop();
  }
});

/** Reads an event stream until its text holds `part`; resolves with all its text so far. */
async function readUntil(
  stream: { reader: ReadableStreamDefaultReader<Uint8Array>; text: string },
  part: string,
): Promise<string> {
  const decoder = new TextDecoder();
  while (!stream.text.includes(part)) {
    const { value, done } = await stream.reader.read();
    if (done) throw new Error(`the stream ended before ${JSON.stringify(part)}`);
    stream.text += decoder.decode(value, { stream: true });
  }
  return stream.text;
}

test("a page that comes back with Last-Event-ID gets the event it missed", async () => {
  test.setTimeout(90_000);
  const weather = await startWeatherServer({ alerts: [] });
  weather.set({ maxAgeSeconds: 1 });
  const site = await startSiteServer(() => ({
    ALLOW_PRIVATE_HOSTS: "127.0.0.1",
    NWS_API_URL: weather.url,
    NWS_RADAR_URL: weather.url,
    NWS_ALERTS_SECONDS: "2",
  }));
  const aborts: AbortController[] = [];
  const open = async (headers: Record<string, string> = {}) => {
    const abort = new AbortController();
    aborts.push(abort);
    const res = await fetch(`${site.url}/api/live`, { headers, signal: abort.signal });
    return { reader: (res.body as ReadableStream<Uint8Array>).getReader(), text: "" };
  };
  try {
    await expect
      .poll(
        async () => (await (await fetch(`${site.url}/weather`)).text()).includes('id="current"'),
        {
          timeout: 30_000,
        },
      )
      .toBe(true);
    // A page that stays (it tells this test when the cancellation has been sent), and one that
    // goes away after the warning.
    const watcher = await open();
    const first = await open();
    await readUntil(first, "retry:");
    weather.set({ alerts: [TORNADO] });
    const issued = await readUntil(first, "event: alert\n");
    const seen = /id: (\S+)\nevent: alert\n/.exec(issued)?.[1] ?? "";
    // Which alerts and how many, never their texts: the page fetches its banner anew.
    expect(issued).toContain(`data: {"ids":["${TORNADO.id}"],"count":1}`);
    expect(issued).not.toContain(TORNADO.event);
    aborts[1]?.abort();
    weather.set({ alerts: [] });
    await readUntil(watcher, `"count":0`);
    const back = await open({ "Last-Event-ID": seen });
    const missed = await readUntil(back, `"count":0`);
    expect(missed).toMatch(
      /^retry: 5000\n\nid: \S+\nevent: alert\ndata: \{"ids":\[\],"count":0\}\n\n$/,
    );
    expect(missed).not.toContain(`id: ${seen}\n`);
  } finally {
    for (const abort of aborts) abort.abort();
    await site.stop();
    await weather.close();
  }
});

test("two instances on PostgreSQL both deliver an alert, though only one reaches the weather service", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const postgres = await startPostgres();
  const weather = await startWeatherServer({ alerts: [] });
  weather.set({ maxAgeSeconds: 1 });
  const common = {
    DATABASE_URL: postgres.createDatabase(),
    IMAGE_KEY_SECRET: "i".repeat(40),
    CONTACT_KEY_SECRET: "c".repeat(40),
    SITES: "houston",
    NWS_API_URL: weather.url,
    NWS_RADAR_URL: weather.url,
    NWS_ALERTS_SECONDS: "2",
    LOG_LEVEL: "warn",
  };
  // The second may not reach loopback: it learns the weather only from the database.
  const [fetcher, reader] = await Promise.all([
    startSiteProcess({ env: { ...common, ALLOW_PRIVATE_HOSTS: "127.0.0.1" }, timeoutMs: 60_000 }),
    startSiteProcess({ env: common, timeoutMs: 60_000 }),
  ]);
  try {
    await expect
      .poll(
        async () => (await (await fetch(`${fetcher.url}/weather`)).text()).includes('id="current"'),
        {
          timeout: 30_000,
        },
      )
      .toBe(true);
    const pages = await Promise.all(
      [fetcher, reader].map(async (site) => {
        const page = await browser.newPage();
        await page.goto(`${site.url}/local-news`);
        await waitForIslands(page);
        return page;
      }),
    );
    weather.set({ alerts: [TORNADO] });
    for (const page of pages) {
      await expect(page.getByRole("region", { name: "Weather alert" })).toContainText(
        "Tornado Warning",
        { timeout: 15_000 },
      );
    }
    for (const page of pages) await page.close();
  } finally {
    await Promise.all([fetcher.stop(), reader.stop()]);
    await weather.close();
    postgres.stop();
  }
});
