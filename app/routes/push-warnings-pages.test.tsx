import { describe, expect, it } from "vitest";
import { fixtureCity } from "../../tests/support/fixture-city";
import { mainOf, renderHome, renderPage } from "../../tests/support/home-page";
import { fixedNews } from "../../tests/support/news";
import { readyWeather, tornadoWarning } from "../../tests/support/weather-alerts";
import type { City } from "../../sites/schema";
import type { CityWeather } from "../../server/weather/city-weather";
import type { WeatherAlert } from "../../server/weather/nws-alerts";
import Weather, { loader as weatherLoader } from "./weather";

// Warnings by push (issue 52) where the pages offer them: on /weather, in the alerts' section,
// and on home in storm mode, in the emergency block; in the edition's words; nowhere for a city
// whose data names no zones.

const NOW = Date.parse("2026-11-25T18:00:00Z");

/** The fixture city with NWS zones to offer, named in `locale`'s language. */
function cityWithZones(locale: "en-US" | "es-US", zones = true): City {
  const city = fixtureCity();
  const [local, county] =
    locale === "en-US" ? ["Inland Fixture", "Fixture County"] : ["Interior", "Condado"];
  const weather = { ...city.content.pages.weather };
  if (zones) {
    weather.alertZones = [
      { code: "TXZ213", name: local },
      { code: "TXC201", name: county },
    ];
  } else {
    delete weather.alertZones;
  }
  return {
    ...city,
    locale,
    content: { ...city.content, pages: { ...city.content.pages, weather } },
  };
}

const weather = (alerts: WeatherAlert[]): CityWeather => readyWeather(NOW, { alerts });

const TORNADO = tornadoWarning();

async function weatherPage(city: City, alerts: WeatherAlert[] = []): Promise<string> {
  const html = await renderPage(
    city,
    "/weather",
    { id: "weather", path: "weather", loader: weatherLoader, Component: Weather },
    {
      news: fixedNews(),
      now: NOW,
      weather: { get: async () => weather(alerts), version: () => 1 },
    },
  );
  return mainOf(html);
}

async function homePage(city: City, alerts: WeatherAlert[]): Promise<string> {
  return mainOf(
    await renderHome(city, {
      news: fixedNews(),
      now: NOW,
      weather: { get: async () => weather(alerts), version: () => 1 },
    }),
  );
}

/** The push section of a page's HTML, or "" when it has none. */
function pushSection(html: string): string {
  const marker = html.indexOf("data-push-warnings");
  if (marker < 0) return "";
  // It holds no section of its own: its end is the first after it.
  const start = html.lastIndexOf("<section", marker);
  return html.slice(start, html.indexOf("</section>", marker) + "</section>".length);
}

describe("warnings by push on the pages", () => {
  it("/weather offers them after the alerts, in English", async () => {
    const html = await weatherPage(cityWithZones("en-US"));
    const section = pushSection(html);
    expect(section).toContain("Warnings on this device");
    expect(section).toContain("<legend");
    expect(section).toContain("Warn me about:");
    expect(section).toContain("Inland Fixture");
    expect(section).toContain("Fixture County");
    expect(section).toContain("Turn on warnings");
    expect(section).toContain('data-island="push-warnings"');
    // In the alerts' section, after "Weather Alerts" and its text.
    const alerts = html.indexOf('id="alerts"');
    expect(alerts).toBeGreaterThan(-1);
    expect(html.indexOf("data-push-warnings")).toBeGreaterThan(alerts);
    expect(html.indexOf("data-push-warnings")).toBeLessThan(html.indexOf("preparedness"));
  });

  it("/weather offers them in Spanish on the Spanish page", async () => {
    const section = pushSection(await weatherPage(cityWithZones("es-US")));
    expect(section).toContain("Avisos en este dispositivo");
    expect(section).toContain("Avisarme sobre:");
    expect(section).toContain("Interior");
    expect(section).toContain("Activar avisos");
    expect(section).not.toContain("Turn on warnings");
  });

  it("/weather has none for a city without zones", async () => {
    expect(await weatherPage(cityWithZones("en-US", false))).not.toContain("data-push-warnings");
  });

  it("home offers them in the emergency block in storm mode, and not on a calm day", async () => {
    const storm = await homePage(cityWithZones("en-US"), [TORNADO]);
    const block = storm.indexOf("data-storm-mode");
    expect(block).toBeGreaterThan(-1);
    const push = storm.indexOf("data-push-warnings");
    expect(push).toBeGreaterThan(block);
    // Inside the block: before the block's section closes.
    expect(storm.lastIndexOf("data-storm-mode", push)).toBe(block);
    expect(pushSection(storm)).toContain("Inland Fixture");

    const spanish = pushSection(await homePage(cityWithZones("es-US"), [TORNADO]));
    expect(spanish).toContain("Avisarme sobre:");
    expect(spanish).toContain("Condado");

    expect(await homePage(cityWithZones("en-US"), [])).not.toContain("data-push-warnings");
  });
});
