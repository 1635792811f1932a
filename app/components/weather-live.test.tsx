import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { CityWeather } from "../../server/weather/city-weather";
import type { WeatherAlert } from "../../server/weather/nws-alerts";
import {
  AlertBanner,
  untilText,
  BANNER_ALERTS,
  PAGE_ALERTS,
  WeatherLive,
  WeatherSummary,
  type Place,
} from "./weather-live";
import { readyWeather, windWarning } from "../../tests/support/weather-alerts";

// The blocks' HTML as the server renders them; the banner's is null when it renders nothing.
const alertBannerHtml = (weather: CityWeather, place: Place) =>
  renderToStaticMarkup(<AlertBanner weather={weather} place={place} />) || null;
const weatherSummaryHtml = (weather: CityWeather, place: Place) =>
  renderToStaticMarkup(<WeatherSummary weather={weather} place={place} />);
const weatherPageHtml = (weather: CityWeather, place: Place, now: number) =>
  renderToStaticMarkup(<WeatherLive weather={weather} place={place} now={now} />);

const NOW = Date.parse("2026-11-25T18:00:00Z");
const PLACE = { city: "Houston", locale: "en-US", timeZone: "America/Chicago" };
const FORECAST_PAGE = "https://forecast.weather.gov/MapClick.php?lat=29.7604&lon=-95.3698";
const BIDI = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/;

const weather = (changes: Partial<CityWeather> = {}): CityWeather =>
  readyWeather(NOW, { forecastPage: FORECAST_PAGE, ...changes });

const alert = (i: number, changes: Partial<WeatherAlert> = {}): WeatherAlert =>
  windWarning(i, NOW, changes);

/** 1,500 Extreme alerts, each with texts of hundreds of kilobytes, as a forged answer holds. */
const HUGE = Array.from({ length: 1500 }, (_, i) =>
  alert(i, {
    id: `urn:oid:${"9".repeat(5000)}.${i}`,
    event: `Extreme Wind Warning ${"Extreme ".repeat(25_000)}`,
    headline: "Headline ".repeat(25_000),
    description: "Winds of 120 mph are expected. ".repeat(6500), // 208,000 characters
    instruction: "Take shelter now. ".repeat(10_000),
    areaDesc: "Harris; ".repeat(25_000),
  }),
);

describe("the alert banner: a few alerts, the others counted", () => {
  it("names the 3 most severe of 1,500 huge alerts and counts the others, in under 8 KB", () => {
    const html = alertBannerHtml(weather({ alerts: HUGE }), PLACE) ?? "";
    expect(html.length).toBeLessThan(8 * 1024);
    expect(html).toContain("and 1,497 more");
    expect(html.match(/<bdi>/g)).toHaveLength(BANNER_ALERTS);
    expect(html).toContain("Extreme Wind Warning Extreme");
    expect(html).toContain("…");
    // Still the one link to the alerts, named "Weather alerts" last.
    expect(html.match(/<a /g)).toHaveLength(1);
    expect(html).toMatch(/href="\/weather#alerts"/);
    expect(html).toMatch(/>Weather alerts<\/span><\/a><\/section>$/);
  });

  it("counts the Extreme and Severe alerts in force beyond those the service kept", () => {
    const alerts = Array.from({ length: 100 }, (_, i) => alert(i));
    const html =
      alertBannerHtml(weather({ alerts, alertsInForce: { total: 1501, urgent: 1500 } }), PLACE) ??
      "";
    expect(html).toContain("and 1,497 more");
  });

  it("is as it was for a few alerts: each named, nothing counted", () => {
    const html =
      alertBannerHtml(
        weather({ alerts: [alert(1, { event: "Flash Flood Warning" }), alert(2)] }),
        PLACE,
      ) ?? "";
    expect(html).toContain('data-weather-alert="alert-1 alert-2"');
    expect(html).toContain("<bdi>Flash Flood Warning</bdi>");
    expect(html).toContain(" for Houston");
    expect(html).not.toContain("more");
    expect(alertBannerHtml(weather({ alerts: [alert(1, { urgent: false })] }), PLACE)).toBeNull();
  });

  it("shows no bidirectional override: an event reads as the service wrote it, isolated", () => {
    const html =
      alertBannerHtml(
        weather({ alerts: [alert(1, { event: "\u202eNOITAUCAVE\u0000" })] }),
        PLACE,
      ) ?? "";
    expect(html).toContain("<bdi>NOITAUCAVE</bdi>");
    expect(html).not.toMatch(BIDI);
    expect(html).not.toContain("\u0000");
  });
});

describe("/weather's alerts: a few dozen, the others counted", () => {
  it("lists 25 of 1,500 huge alerts, each text cut, and counts the rest with the service's page", () => {
    const html = weatherPageHtml(weather({ alerts: HUGE }), PLACE, NOW);
    expect(html.match(/<li /g)).toHaveLength(PAGE_ALERTS);
    expect(html).toContain("and 1,475 more alerts in force");
    expect(html).toContain(`href="${FORECAST_PAGE.replace("&", "&amp;")}"`);
    // 25 alerts of at most ~7 KB of text each.
    expect(html.length).toBeLessThan(250 * 1024);
    // A 200 KB description cut at a word boundary, with an ellipsis.
    expect(html).toMatch(/ (Winds|of|120|mph|are|expected)…<\/p>/);
  });

  it("keeps no control character of the service's texts, each isolated", () => {
    const html = weatherPageHtml(
      weather({
        alerts: [
          alert(1, {
            event: "\u202eNOITAUCAVE",
            headline: "\u2066Leave now\u2069",
            description: "Water\u0007 rising.\n\nLeave.",
            areaDesc: "Harris,\u200f TX",
          }),
        ],
      }),
      PLACE,
      NOW,
    );
    expect(html).toContain("<bdi>NOITAUCAVE</bdi>");
    expect(html).toContain('dir="auto">Leave now</p>');
    expect(html).toContain('dir="auto">Water rising.\n\nLeave.</p>');
    expect(html).toContain("<bdi>Harris, TX</bdi>");
    expect(html).not.toMatch(BIDI);
    expect(html).not.toContain("\u0007");
  });

  it("lists a few alerts as before, without a count", () => {
    const html = weatherPageHtml(weather({ alerts: [alert(1), alert(2)] }), PLACE, NOW);
    expect(html.match(/<li /g)).toHaveLength(2);
    expect(html).not.toContain("more alert");
  });
});

describe("home's weather block", () => {
  it("counts every alert in force, as the city writes numbers", () => {
    const html = weatherSummaryHtml(
      weather({
        alerts: [],
        alertsInForce: { total: 1500, urgent: 1500 },
      }),
      PLACE,
    );
    expect(html).toContain("1,500 weather alerts in force");
  });
});

describe("untilText: when a banner's alert ends, as short as it allows", () => {
  const place = { city: "Fixtureville", locale: "en-US", timeZone: "America/Chicago" };
  // 8:00 PM in Chicago on Nov 27 (02:00 UTC on the 28th).
  const now = Date.parse("2026-11-28T02:00:00Z");
  // ICU may put a narrow no-break space before AM/PM: any space is one here.
  const text = (iso: string) => untilText(iso, place, now).text.replace(/\s/g, " ");

  it("says the time alone when the alert ends that day in the city", () => {
    expect(text("2026-11-28T03:45:00Z")).toBe("9:45 PM");
  });

  it("adds the day, not the year, when it ends another day in the city", () => {
    // 6:30 AM on Nov 28 in Chicago: the same UTC day as `now`, another day in the city.
    expect(text("2026-11-28T12:30:00Z")).toBe("Nov 28, 6:30 AM");
  });

  it("keeps the ISO time for <time datetime>", () => {
    expect(untilText("2026-11-28T03:45:00Z", place, now).iso).toBe("2026-11-28T03:45:00Z");
  });
});
