import { expect, test, type Page } from "@playwright/test";
import {
  DEMO_ALERTS,
  startWeatherServer,
  type WeatherServer,
} from "../fixture-servers/weather-server";
import { startSiteServer, type SiteServer } from "./helpers";

// Live weather from the fixture weather service (tests/fixture-servers/weather-server.ts): a
// city under its flash flood warning (a site and a weather service of its own: the shared site
// of global-setup.ts has a calm day, only a wind advisory, so that storm mode stays off there),
// conditions, forecast and alerts, the alert banner, and the outage path on a server of its own.

let flooded: { weather: WeatherServer; site: SiteServer } | undefined;
/** The URL of `path` on the site under the flood warning (started once per worker). */
const at = (path: string) => new URL(path, flooded?.site.url).href;

/** Loads `path` until the weather service has answered (a city's weather starts on first ask). */
async function gotoWithWeather(page: Page, path: string) {
  // The first ask fetches the point, its stations, the observation, forecast and alerts in turn:
  // seconds on a busy 2-core machine.
  await expect
    .poll(
      async () => {
        await page.goto(path);
        return page.locator("#current, [data-weather='unavailable']").count();
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThan(0);
  await expect(page.getByRole("heading", { name: "Current Conditions" })).toBeVisible();
}

test.describe("a city under a flash flood warning", () => {
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const weather = await startWeatherServer({ alerts: DEMO_ALERTS });
    const site = await startSiteServer(() => ({
      ALLOW_PRIVATE_HOSTS: "127.0.0.1",
      NWS_API_URL: weather.url,
      NWS_RADAR_URL: weather.url,
    }));
    flooded = { weather, site };
    // Its weather starts on the first ask; on a loaded machine a first answer may fail and be
    // asked again a minute later (BACKOFF_BASE_MS): the tests start once the conditions are in.
    await expect
      .poll(async () => (await (await fetch(at("/weather"))).text()).includes('id="current"'), {
        timeout: 100_000,
        intervals: [500],
      })
      .toBe(true);
  });
  test.afterAll(async () => {
    await flooded?.site.stop();
    await flooded?.weather.close();
  });

  test("/weather shows the station's conditions, the 7-day forecast, the zone's alerts and the radar, never invented figures", async ({
    page,
  }) => {
    await gotoWithWeather(page, at("/weather"));
    const current = page.locator("section[aria-labelledby='current']");
    await expect(current).toContainText("72°F");
    await expect(current).toContainText("Mostly Cloudy");
    await expect(current).toContainText("9 mph SE");
    await expect(current).toContainText("30.02 inHg");
    await expect(current).toContainText("10 mi");
    await expect(current).toContainText("at Houston, Houston Intercontinental Airport");
    await expect(current).not.toContainText("UV");
    await expect(page.getByRole("heading", { name: "7-Day Forecast" })).toBeVisible();
    await expect(page.locator("section[aria-labelledby='forecast'] li")).toHaveCount(7);
    // The zone's alerts, most severe first; not the expired one, the test, or another zone's.
    const alerts = page.locator("section[aria-labelledby='alerts'] li[data-severity]");
    await expect(alerts).toHaveCount(2);
    await expect(alerts.nth(0)).toHaveAttribute("data-severity", "severe");
    await expect(alerts.nth(0)).toContainText("Flash Flood Warning");
    await expect(alerts.nth(0)).toContainText("Turn around, don't drown");
    await expect(alerts.nth(1)).toContainText("Wind Advisory");
    await expect(page.getByText("Dense Fog Advisory")).toHaveCount(0);
    await expect(page.getByText("Red Flag Warning")).toHaveCount(0);
    // The radar through the site's own image route, and the full radar linked.
    const radar = page.getByRole("img", { name: /weather radar of the Houston area/ });
    await expect(radar).toHaveAttribute("src", /^\/img\/\d+\//);
    // The picture itself, fetched once from the service and resized by the route.
    const picture = await page.request.get(at((await radar.getAttribute("src")) ?? ""));
    expect(picture.status()).toBe(200);
    expect(picture.headers()["content-type"]).toMatch(/^image\/(avif|webp|jpeg)$/);
    await expect(page.getByRole("link", { name: /Full radar/ })).toHaveAttribute(
      "href",
      /\/station\/khgx\/standard$/,
    );
    // The climate table says what it is.
    await expect(page.getByRole("heading", { name: "Monthly Climate Normals" })).toBeVisible();
    await expect(page.locator("caption")).toContainText("1991–2020");
  });

  test("every page shows the Severe flood warning as a banner linking to /weather; home has the weather block", async ({
    page,
  }) => {
    await gotoWithWeather(page, at("/weather"));
    for (const path of ["/", "/local-news", "/contact"]) {
      await page.goto(at(path));
      const banner = page.getByRole("region", { name: "Weather alert", exact: true });
      await expect(banner).toContainText("Flash Flood Warning for Houston");
      // The moderate advisory is on /weather only.
      await expect(banner).not.toContainText("Wind Advisory");
      await expect(banner.getByRole("link", { name: /Weather alerts$/ })).toHaveAttribute(
        "href",
        "/weather#alerts",
      );
    }
    await page.goto(at("/"));
    const block = page.locator("section[aria-labelledby='home-weather']");
    await expect(block).toContainText("72°F");
    await expect(block).toContainText("Mostly Cloudy");
    await expect(block).toContainText(/Today: high \d+°, low \d+°/);
    await expect(block.getByRole("link", { name: /Forecast, alerts and radar/ })).toHaveAttribute(
      "href",
      "/weather",
    );
  });

  test.describe("the banner on a phone", () => {
    test.use({ viewport: { width: 375, height: 812 } });

    /** The WCAG contrast ratio of two `rgb(r, g, b)` colours. */
    const contrast = (a: string, b: string) => {
      const lum = (c: string) => {
        const [r = 0, g = 0, bl = 0] = (c.match(/\d+(\.\d+)?/g) ?? []).map(Number).map((v) => {
          const s = v / 255;
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
      };
      const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
      return (hi + 0.05) / (lo + 0.05);
    };

    test("says where and until when, shows a focus ring against its red, and lets the skip link be whole", async ({
      page,
    }) => {
      await gotoWithWeather(page, at("/weather"));
      await page.goto(at("/faq"));
      const banner = page.getByRole("region", { name: "Weather alert", exact: true });
      await expect(banner.getByText(/for Houston until/)).toBeVisible();
      // The skip link first: whole (its padding is back) and inside the screen.
      await page.keyboard.press("Tab");
      const skip = page.getByRole("link", { name: "Skip to content" });
      await expect(skip).toBeFocused();
      const box = await skip.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        return { left: r.left, top: r.top, right: r.right, padding: parseFloat(style.paddingLeft) };
      });
      expect(box.padding).toBeGreaterThanOrEqual(8);
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.top).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(375);
      // Then the banner's link: at least 24 px tall, its ring 3:1 at least against the red.
      await page.keyboard.press("Tab");
      const link = banner.getByRole("link");
      await expect(link).toBeFocused();
      const ring = await link.evaluate((el) => {
        const style = getComputedStyle(el);
        return {
          height: el.getBoundingClientRect().height,
          outline: style.outlineColor,
          width: parseFloat(style.outlineWidth),
          red: getComputedStyle(el.parentElement as Element).backgroundColor,
        };
      });
      expect(ring.height).toBeGreaterThanOrEqual(24);
      expect(ring.width).toBeGreaterThanOrEqual(2);
      expect(contrast(ring.outline, ring.red)).toBeGreaterThanOrEqual(3);
    });
  });
});

test.describe("when the weather service fails", () => {
  test("the page says live weather is unavailable, links to the service's forecast, and shows no figures and no banner", async ({
    page,
  }) => {
    const weather = await startWeatherServer();
    // Every answer fails: nothing is ever live.
    weather.set({
      failing: new Set([
        "/points/29.7604,-95.3698",
        "/alerts/active",
        "/gridpoints/HGX/65,97/forecast",
      ]),
    });
    const site = await startSiteServer(() => ({
      ALLOW_PRIVATE_HOSTS: "127.0.0.1",
      NWS_API_URL: weather.url,
      NWS_RADAR_URL: weather.url,
    }));
    try {
      // Its first ask fails (and each page load takes seconds on a busy 2-core machine).
      await expect
        .poll(
          async () => {
            await page.goto(`${site.url}/weather`);
            return page.locator("[data-weather='unavailable']").count();
          },
          { timeout: 20_000 },
        )
        .toBe(1);
      await expect(page.getByText("Live weather is unavailable right now")).toBeVisible();
      await expect(page.getByRole("link", { name: /its forecast for Houston/ })).toHaveAttribute(
        "href",
        /forecast\.weather\.gov\/MapClick\.php\?lat=29\.7604&lon=-95\.3698/,
      );
      await expect(page.getByRole("heading", { name: "Current Conditions" })).toHaveCount(0);
      // No figure passed off as current: no conditions, no forecast (the normals stay content).
      await expect(
        page.locator("section[aria-labelledby='current'], section[aria-labelledby='forecast']"),
      ).toHaveCount(0);
      await expect(page.getByRole("region", { name: "Weather alert", exact: true })).toHaveCount(0);
      expect(weather.requests.some((r) => r.startsWith("/points/"))).toBe(true);
    } finally {
      await site.stop();
      await weather.close();
    }
  });
});
