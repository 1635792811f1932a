import { describe, expect, it } from "vitest";
import { fixtureCity } from "../../tests/support/fixture-city";
import { mainOf, renderHome } from "../../tests/support/home-page";
import { fixedNews, storedStory } from "../../tests/support/news";
import { readyWeather, tornadoWarning } from "../../tests/support/weather-alerts";
import { HOME_KEYS, type FeedKey } from "../../sites/categories";
import type { CityWeather } from "../../server/weather/city-weather";
import type { WeatherAlert } from "../../server/weather/nws-alerts";

// Storm mode on home (issue 36): the whole page as the server makes it (the root's data, the
// site layout, home), for the fixture city, on a calm day and with an Extreme warning in force.

const NOW = Date.parse("2026-11-25T18:00:00Z");
/** The fixture city, whose emergency links are its own (tests/support/fixture-city.ts). */
const CITY = fixtureCity({ embeds: { adClient: "ca-pub-0000000000000000" } });

const weather = (alerts: WeatherAlert[]): CityWeather => readyWeather(NOW, { alerts });

/** The fixture's Tornado Warning (until 1:30 PM in America/Chicago), saying where to shelter. */
const alert = (changes: Partial<WeatherAlert> = {}): WeatherAlert =>
  tornadoWarning({
    instruction: "Go to a basement or an inside room on the lowest floor now.",
    ...changes,
  });

/** Home's HTML as the server makes it, with the city's weather and STORM_ADS as given. */
function home(shown: CityWeather, options: { stormAds?: boolean } = {}): Promise<string> {
  return renderHome(CITY, {
    // Two stories in each section (a section with none is left out, and the ad after the second).
    news: fixedNews({
      articles: (key) =>
        [1, 2].map((n) =>
          storedStory(
            10 * (HOME_KEYS as readonly FeedKey[]).indexOf(key) + n,
            key,
            `${key} story ${n} of the day here`,
            NOW - n * 60_000,
          ),
        ),
    }),
    now: NOW,
    weather: { get: async () => shown, version: () => 1 },
    stormAds: options.stormAds,
  });
}

describe("home in storm mode", () => {
  it("leads with the emergency block before the featured story, with each alert's texts and the links", async () => {
    const html = await home(weather([alert()]));
    const main = mainOf(html);
    const block = main.indexOf('aria-labelledby="storm-heading"');
    expect(block).toBeGreaterThan(-1);
    // First in main but the page's (hidden) heading, and before the featured story.
    expect(main.indexOf("<section")).toBe(main.lastIndexOf("<section", block));
    expect(block).toBeLessThan(main.indexOf('aria-label="Featured story"'));
    expect(main).toContain("Weather emergency in Fixtureville</h2>");
    expect(main).toContain("<bdi>Tornado Warning</bdi>");
    expect(main).toContain("<bdi>Fixture County, TX</bdi>");
    expect(main).toContain(
      '<time dateTime="2026-11-25T19:30:00.000Z">Nov 25, 2026, 1:30 PM</time>',
    );
    expect(main).toContain("Go to a basement or an inside room on the lowest floor now.");
    expect(main).toContain('href="/weather#alerts"');
    expect(main).toContain('href="/radio"');
    // The fixture city's own emergency links, in its order.
    const ready = main.indexOf('href="https://ready.fixtureville.test/"');
    const outages = main.indexOf('href="https://outages.fixtureville.test/map"');
    expect(ready).toBeGreaterThan(block);
    expect(outages).toBeGreaterThan(ready);
    expect(main).toContain("Ready Fixtureville");
    expect(main).toContain("Fixtureville Power Outage Map");
  });

  it("brings the weather block up right after it (beside it from lg), once", async () => {
    const main = mainOf(await home(weather([alert()])));
    const block = main.indexOf('aria-labelledby="storm-heading"');
    const summary = main.indexOf('aria-labelledby="home-weather"');
    expect(summary).toBeGreaterThan(block);
    expect(summary).toBeLessThan(main.indexOf('aria-label="Featured story"'));
    expect(main.match(/id="home-weather"/g)).toHaveLength(1);
  });

  it("holds the donation prompt and leaves ads and sponsor blocks out (STORM_ADS unset)", async () => {
    const html = await home(weather([alert()]));
    expect(html).not.toContain("data-donation");
    expect(html).not.toContain('data-island="donation"');
    expect(html).not.toContain('aria-label="Advertisement"');
    expect(html).not.toContain("data-sponsor");
  });

  it("keeps the ads with STORM_ADS=true, the donation prompt still held", async () => {
    const html = await home(weather([alert()]), { stormAds: true });
    expect(html).toContain('aria-label="Advertisement"');
    expect(html).toContain("data-sponsor");
    expect(html).not.toContain("data-donation");
  });

  it("names at most 3 alerts, counts the others, and cleans the service's texts", async () => {
    const alerts = Array.from({ length: 5 }, (_, i) =>
      alert({ id: `a${i}`, event: `Warning \u202e${i}`, instruction: null }),
    );
    const main = mainOf(await home(weather(alerts)));
    expect(main.match(/<bdi>Warning \d<\/bdi>/g)).toHaveLength(3);
    expect(main).toContain("and 2 more urgent alerts");
    expect(main).not.toContain("\u202e");
    expect(main).not.toContain("What to do:");
  });
});

describe("home on a calm day", () => {
  it.each([
    ["no alert", []],
    [
      "a Moderate advisory only",
      [alert({ severity: "moderate", urgent: false, event: "Wind Advisory" })],
    ],
  ])(
    "with %s: no emergency block, the weather in the sidebar, the donation prompt and the ads",
    async (_kind, alerts) => {
      const html = await home(weather(alerts));
      const main = mainOf(html);
      expect(main).not.toContain("storm-heading");
      expect(main).not.toContain("ready.fixtureville.test");
      expect(main.indexOf('aria-labelledby="home-weather"')).toBeGreaterThan(
        main.indexOf('aria-label="Featured story"'),
      );
      expect(html).toContain("data-donation");
      expect(html).toContain('aria-label="Advertisement"');
      expect(html).toContain("data-sponsor");
    },
  );
});
