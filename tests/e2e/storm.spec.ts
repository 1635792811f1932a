import { expect, test, type Page, type Request } from "@playwright/test";
import { DONATION_API } from "../../common/urls";
import { DONATION_DELAY_MS } from "../../app/lib/donation-snooze";
import {
  DEMO_ALERTS,
  HURRICANE_WARNING,
  startWeatherServer,
  type FixtureAlert,
  type WeatherFixtureState,
  type WeatherServer,
} from "../fixture-servers/weather-server";
import { wcagViolations } from "./axe";
import { E2E } from "./env";
import { startSiteProcess, type SiteProcess } from "../support/site-process";
import { englishWeatherWords } from "../support/weather-vocabulary";
import { startSiteServer, waitForIslands } from "./helpers";

// Storm mode (issue 36) on a site of its own whose weather service this test controls: alerts
// asked for every 2 s (NWS_ALERTS_SECONDS), ad slots shown where they would go
// (SHOW_EMBED_PLACEHOLDERS), STORM_ADS left at its default (ads out in a storm).

/** The Extreme warning this test issues, in the city's county. */
const TORNADO = {
  ...(DEMO_ALERTS[0] as (typeof DEMO_ALERTS)[number]),
  id: "urn:oid:2.49.0.1.840.0.fixture.storm-tornado",
  event: "Tornado Warning",
  severity: "Extreme" as const,
  headline: "Tornado Warning issued until 9:00 PM CST",
  instruction: "Go to a basement or an inside room on the lowest floor now.",
};

/** The default city's emergency links (its data's `emergency`), as the block names them. */
const EMERGENCY_LINKS = ["ReadyHarris", "Houston TranStar", "CenterPoint Energy", "311"];

/**
 * The requests the donation prompt makes to show itself, from now (its dialog's code and what it
 * shows: app/islands/donation.ts starts both in its timer's callback): `asked()` gives them once
 * every request the page began before it was called has been reported (an evaluate's answer comes
 * after the events sent before it), so an empty list after the clock has passed the prompt's delay
 * means it held back.
 */
function promptRequests(page: Page): () => Promise<string[]> {
  const seen: string[] = [];
  const record = (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname === DONATION_API || url.pathname.includes("donation-dialog"))
      seen.push(url.pathname);
  };
  page.on("request", record);
  return async () => {
    await page.evaluate(() => undefined);
    page.off("request", record);
    return seen;
  };
}

const stormBlock = (page: Page) => page.getByRole("region", { name: /Weather emergency in/ });

/**
 * A site of its own over a fixture weather service that answers `alerts` (asked every 2 s, each
 * answer good for 1 s); `run` is given both, and both are stopped after it, whatever it did.
 */
async function withStormSite(
  alerts: FixtureAlert[],
  run: (site: SiteProcess, weather: WeatherServer) => Promise<void>,
  answers: Partial<WeatherFixtureState> = {},
) {
  const weather = await startWeatherServer({ alerts });
  weather.set({ maxAgeSeconds: 1, ...answers });
  // Its log kept: what a Spanish page could not translate is logged.
  const site = await startSiteProcess({
    env: {
      ALLOW_PRIVATE_HOSTS: "127.0.0.1",
      NWS_API_URL: weather.url,
      NWS_RADAR_URL: weather.url,
      NWS_ALERTS_SECONDS: "2",
    },
    keepOutput: true,
  });
  try {
    await run(site, weather);
  } finally {
    await site.stop();
    await weather.close();
  }
}

test("an Extreme warning puts home in storm mode, and home is calm again once it is cancelled", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const weather = await startWeatherServer({ alerts: [TORNADO] });
  weather.set({ maxAgeSeconds: 1 });
  // The fixture feeds too: home's sections (and the ad after the second) show only with news.
  const site = await startSiteServer(() => ({
    FEEDS_FILE: E2E.feedsFile,
    ALLOW_PRIVATE_HOSTS: [...new Set(["127.0.0.1", new URL(E2E.feedsUrl).hostname])].join(","),
    NWS_API_URL: weather.url,
    NWS_RADAR_URL: weather.url,
    NWS_ALERTS_SECONDS: "2",
    SHOW_EMBED_PLACEHOLDERS: "true",
  }));
  try {
    // The city's weather starts on its first ask; home is opened once the warning is in, and
    // its sections (three at least: the ad follows the second after Local).
    await expect
      .poll(
        async () =>
          (await fetch(site.url))
            .text()
            .then((t) => t.includes("storm-heading") && t.split('id="section-').length > 3),
        { timeout: 30_000 },
      )
      .toBe(true);

    // A clock that stands still until the test moves it (the prompt's 30 s timer).
    const start = Date.now();
    await page.clock.install({ time: start });
    await page.clock.pauseAt(start + 10_000);
    await page.goto(site.url);
    await waitForIslands(page);

    const block = stormBlock(page);
    await expect(block).toBeVisible();
    await expect(block).toContainText("Tornado Warning");
    await expect(block).toContainText(
      "Go to a basement or an inside room on the lowest floor now.",
    );
    await expect(block.getByRole("link", { name: "All weather alerts" })).toHaveAttribute(
      "href",
      "/weather#alerts",
    );
    await expect(block.getByRole("link", { name: "Listen to live radio" })).toHaveAttribute(
      "href",
      "/radio",
    );
    for (const name of EMERGENCY_LINKS) {
      await expect(block.getByRole("link", { name: new RegExp(name) })).toHaveAttribute(
        "href",
        /^https:\/\//,
      );
    }
    // Before the featured story, in the document and on the screen.
    const order = await page.evaluate(() => {
      const storm = document.querySelector("main [aria-labelledby='storm-heading']");
      const featured = document.querySelector("main [aria-label='Featured story']");
      if (!storm || !featured) return null;
      return {
        before: Boolean(storm.compareDocumentPosition(featured) & Node.DOCUMENT_POSITION_FOLLOWING),
        above: storm.getBoundingClientRect().bottom <= featured.getBoundingClientRect().top,
      };
    });
    expect(order).toEqual({ before: true, above: true });

    // No ad slot, no sponsor block, and no donation prompt, even past its 30 s.
    await expect(page.locator("[data-ad-type], [data-sponsor]")).toHaveCount(0);
    await expect(page.locator("[data-donation]")).toHaveCount(0);
    const asked = promptRequests(page);
    await page.clock.runFor(DONATION_DELAY_MS + 5_000);
    await page.clock.resume();
    expect(await asked()).toEqual([]);
    await expect(page.getByRole("dialog")).toHaveCount(0);

    // The warning is cancelled: the next load of home is the calm one.
    weather.set({ alerts: [] });
    await expect
      .poll(async () => (await fetch(site.url)).text().then((t) => t.includes("storm-heading")), {
        timeout: 30_000,
      })
      .toBe(false);
    // A reload, not a navigation: the browser may keep the stormy home a minute (max-age=60).
    await page.goto(site.url);
    await page.reload();
    await waitForIslands(page);
    await expect(stormBlock(page)).toHaveCount(0);
    await expect(page.locator("[data-donation]")).toHaveCount(1);
    await expect(page.locator("[data-ad-type='google']").first()).toBeVisible();
    await expect(page.locator("[data-sponsor]")).not.toHaveCount(0);
  } finally {
    await site.stop();
    await weather.close();
  }
});

// Issue 50: a warning's times as the NWS means them. A Hurricane Warning ahead of landfall has
// its onset in 6 h, no known end, and a message expiry (the next advisory) in 5 h: the page says
// it begins at its onset and runs until further notice, never that it ends at the expiry.
for (const width of [375, 1280]) {
  test(`a hurricane warning with no known end runs until further notice, from its onset (${width} px)`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    // The afternoon's heat index, as the observation gives it (38.9 °C: 102 °F).
    await withStormSite(
      [HURRICANE_WARNING],
      async (site) => {
        await expect
          .poll(
            async () => (await fetch(site.url)).text().then((t) => t.includes("storm-heading")),
            {
              timeout: 30_000,
            },
          )
          .toBe(true);
        const asked = Date.now();
        // How far from now a shown time is, in hours.
        const hoursAway = (iso: string | null) => (Date.parse(iso ?? "") - asked) / 3_600_000;

        for (const [path, words] of [
          ["/", { from: "From:", until: "Until:", notice: "further notice" }],
          ["/es/", { from: "Desde:", until: "Hasta:", notice: "nuevo aviso" }],
        ] as const) {
          await page.goto(`${site.url}${path}`);
          const block = page.locator("[data-storm-mode]");
          await expect(block).toContainText(
            path === "/" ? "Hurricane Warning" : "Aviso de huracán",
          );
          await expect(block).toContainText(`${words.until} ${words.notice}`);
          const from = block.locator("p", { hasText: words.from }).locator("time");
          expect(hoursAway(await from.getAttribute("datetime"))).toBeCloseTo(6, 1);
          // No time in the block is the message's expiry (5 h from now).
          for (const time of await block.locator("time").all())
            expect(Math.abs(hoursAway(await time.getAttribute("datetime")) - 5)).toBeGreaterThan(
              0.5,
            );
          // The banner at the top of the page says the same.
          const banner = page.locator("[data-weather-alert]");
          await expect(banner).toContainText(
            path === "/"
              ? "Hurricane Warning for Houston until further notice"
              : "Aviso de huracán en Houston hasta nuevo aviso",
          );
          await expect(banner.locator("time")).toHaveCount(0);
          // Storm mode is read in both colour schemes (issue 55), and in the dark one the banner
          // is still red: an alert, not one more dark box.
          expect(await wcagViolations(page)).toEqual([]);
          await page.emulateMedia({ colorScheme: "dark" });
          const [r = 0, g = 0, b = 0] = (
            (await banner.evaluate((el) => getComputedStyle(el).backgroundColor)).match(
              /[\d.]+/g,
            ) ?? []
          ).map(Number);
          expect(r - Math.max(g, b)).toBeGreaterThan(60);
          await page.emulateMedia({ colorScheme: "light" });
        }

        for (const [path, label, notice, feels] of [
          ["/weather", "Extreme:", "until further notice", "Feels like 102"],
          ["/es/clima", "Extrema:", "hasta nuevo aviso", "Sensación térmica de 102"],
        ] as const) {
          await page.goto(`${site.url}${path}`);
          const item = page.locator("[data-severity]").first();
          await expect(item).toHaveAttribute("data-severity", "extreme");
          await expect(item).toContainText(label);
          await expect(item).toContainText(notice);
          await expect(page.locator("main")).toContainText(feels);
          expect(
            hoursAway(await item.locator("time").first().getAttribute("datetime")),
          ).toBeCloseTo(6, 1);
          expect(await wcagViolations(page)).toEqual([]);
        }
      },
      { heatIndexC: 38.9 },
    );
  });
}

// Issue 50: a page opened before a warning follows it through the live channel: the banner comes,
// the donation prompt is held as on a page made in storm mode, and the banner goes when the
// warning is cancelled. The page's clock is Playwright's, moved past the prompt's 30 s.
for (const width of [375, 1280]) {
  test(`a page open when a warning comes holds the donation prompt, and drops the banner when it is cancelled (${width} px)`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await withStormSite([], async (site, weather) => {
      // The city's weather is tracked from its first ask; the page is opened calm.
      await fetch(`${site.url}/faq`);
      await page.clock.install({ time: Date.now() });
      await page.goto(`${site.url}/faq`);
      await waitForIslands(page);
      const banner = page.locator("[data-weather-alert]");
      await expect(banner).toHaveCount(0);
      await expect(page.locator("[data-donation]")).toHaveCount(1);

      weather.set({ alerts: [TORNADO] });
      await expect(banner).toContainText("Tornado Warning", { timeout: 30_000 });
      // Past the prompt's delay: it stays away while the warning is in force.
      const asked = promptRequests(page);
      await page.clock.fastForward(DONATION_DELAY_MS + 5_000);
      expect(await asked()).toEqual([]);
      await expect(page.getByRole("dialog")).toHaveCount(0);

      // Cancelled as the NWS does it: a Cancel message naming the warning, listed beside it.
      const cancel = {
        ...TORNADO,
        id: `${TORNADO.id}.cancel`,
        messageType: "Cancel" as const,
        references: [TORNADO.id],
      };
      weather.set({ alerts: [TORNADO, cancel] });
      await expect(banner).toHaveCount(0, { timeout: 30_000 });
    });
  });
}

// Issue 50: the banner on every page a reader can land on, those outside the shared layout and
// the Spanish edition's too; no sponsor strip under it; and the live channel keeps it there.
for (const width of [375, 1280]) {
  test(`every page carries the banner in a storm, with no sponsor strip, and the live channel follows it outside the layout too (${width} px)`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await withStormSite([TORNADO], async (site, weather) => {
      await expect
        .poll(
          async () => (await fetch(`${site.url}/radio`)).text().then((t) => t.includes("Tornado")),
          { timeout: 30_000 },
        )
        .toBe(true);
      const banner = page.locator("section[data-weather-alert]");
      for (const path of ["/radio", "/books", "/no-such-page", "/faq", "/es/", "/es/radio"]) {
        await page.goto(`${site.url}${path}`);
        await expect(banner, path).toContainText(
          path.startsWith("/es/") ? "Aviso de tornado" : "Tornado Warning",
        );
        // First on the screen, above the masthead or the page's own header.
        expect((await banner.boundingBox())?.y, path).toBe(0);
        await expect(page.getByText(/^(Sponsored|Patrocinado):?$/i), path).toHaveCount(0);
        await expect(page.locator("[data-ad-type], [data-sponsor]"), path).toHaveCount(0);
      }

      // /radio open as the warning is cancelled and a new one issued: its banner follows.
      await page.goto(`${site.url}/radio`);
      await waitForIslands(page);
      weather.set({ alerts: [] });
      await expect(banner).toHaveCount(0, { timeout: 30_000 });
      weather.set({
        alerts: [{ ...TORNADO, id: `${TORNADO.id}.2`, event: "Flash Flood Warning" }],
      });
      await expect(banner).toContainText("Flash Flood Warning", { timeout: 30_000 });
    });
  });
}

/**
 * The page's own words in the browser: its body's text without what is marked as another
 * language's (lang="en": the service's English, kept below the Spanish).
 */
async function ownWords(page: Page): Promise<string> {
  return page.evaluate(() => {
    const body = document.body.cloneNode(true) as HTMLElement;
    for (const marked of body.querySelectorAll("[lang]:not([lang^='es'])")) marked.remove();
    for (const hidden of body.querySelectorAll("script, style, template")) hidden.remove();
    return body.textContent ?? "";
  });
}

// Issue 50: the weather in the reader's language. On the Spanish edition in a storm, every word
// of the service is Spanish (the alert's type, the forecast's days and skies, the observation),
// what to do is said in Spanish from the alert's response, and the service's English stays below
// it, marked lang="en". A phrase the tables do not know is shown as given, marked, and logged once.
for (const width of [375, 1280]) {
  test(`the Spanish edition says the storm's weather in Spanish, the service's English marked (${width} px)`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const unknown = "Chance Kaiju Showers";
    await withStormSite(
      [HURRICANE_WARNING],
      async (site) => {
        await expect
          .poll(
            async () =>
              (await fetch(`${site.url}/es/`)).text().then((t) => t.includes("storm-heading")),
            { timeout: 30_000 },
          )
          .toBe(true);

        await page.goto(`${site.url}/es/`);
        const block = page.locator("[data-storm-mode]");
        await expect(block).toContainText("Aviso de huracán");
        await expect(block).toContainText(
          "Qué hacer: Prepárese ahora: complete sus preparativos para proteger vidas y propiedades.",
        );
        await expect(block.locator("[lang='en']")).toContainText(
          "Complete preparations to protect life and property.",
        );
        await expect(page.locator("#home-weather").locator("..")).toContainText(
          "Mayormente nublado",
        );
        expect(englishWeatherWords(await ownWords(page))).toEqual([]);

        await page.goto(`${site.url}/es/clima`);
        const item = page.locator("[data-severity]").first();
        await expect(item).toContainText("Extrema: Aviso de huracán");
        await expect(item.locator("[data-alert-response]")).toHaveText(
          "Prepárese ahora: complete sus preparativos para proteger vidas y propiedades.",
        );
        await expect(item.locator("[lang='en']").first()).toContainText(
          "Hurricane Warning issued by NWS Houston/Galveston TX",
        );
        const forecast = page.locator("#forecast").locator("..");
        await expect(forecast).toContainText("Hoy");
        await expect(forecast).toContainText(
          "Niebla en algunos sectores, luego mayormente soleado",
        );
        // The hurricane's tips lead, marked as in force, in Spanish.
        const hazard = page.locator("[data-hazard]").first();
        await expect(hazard).toHaveAttribute("data-hazard", "hurricane");
        await expect(hazard).toContainText("Huracanes");
        await expect(hazard).toContainText("Hay una alerta de este tipo en vigor.");
        // The phrase no table knows: as the service gave it, marked English.
        const marked = forecast.locator("bdi[lang='en']");
        await expect(marked.first()).toHaveText(unknown);
        expect(new Set(await marked.allTextContents())).toEqual(new Set([unknown]));
        expect(englishWeatherWords(await ownWords(page))).toEqual([]);

        // /radio: the banner (the schedule's show names are the station's, issue 53).
        await page.goto(`${site.url}/es/radio`);
        const banner = page.locator("[data-weather-alert]");
        await expect(banner).toContainText("Aviso de huracán en Houston hasta nuevo aviso");
        expect(englishWeatherWords((await banner.textContent()) ?? "")).toEqual([]);

        // Logged once, however many pages showed it.
        await page.goto(`${site.url}/es/clima?again`);
        const logged = site
          .output()
          .split("\n")
          .filter((line) => line.includes("weather text not translated"));
        expect(logged).toHaveLength(1);
        expect(JSON.parse(logged[0] ?? "{}")).toMatchObject({
          kind: "sky",
          text: unknown,
          language: "es",
        });

        // The English edition keeps the service's words, unmarked.
        await page.goto(`${site.url}/weather`);
        await expect(page.locator("[data-severity]").first()).toContainText(
          "Extreme: Hurricane Warning",
        );
        await expect(page.locator("main [lang='en']")).toHaveCount(0);
        await expect(page.locator("[data-hazard]").first()).toContainText(
          "HurricanesAn alert for this is in force now.",
        );
      },
      {
        forecasts: [
          ["Patchy Fog then Mostly Sunny", "Showers And Thunderstorms Likely"],
          [unknown, "Partly Cloudy"],
          ["Sunny And Hot", "Mostly Clear"],
        ],
      },
    );
  });
}
