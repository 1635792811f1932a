import { expect, test, type Browser } from "@playwright/test";
import {
  DEMO_ALERTS,
  FIXTURE_ZONES,
  startWeatherServer,
  type FixtureAlert,
  type WeatherServer,
} from "../fixture-servers/weather-server";
import { startPushService, type PushService } from "../fixture-servers/push-service";
import { startSiteProcess, type SiteProcess } from "../support/site-process";
import { waitForIslands } from "./helpers";

// Warnings that reach readers (issue 52): a reader turns warnings on from /weather in Chromium,
// the fixture weather service issues a warning for the reader's zone, and the push arrives at a
// loopback push service (its VAPID signature checked, its payload decrypted), in the edition's
// language; a reader of another zone gets none. The browser's own push service is not
// reachable here: PushManager.subscribe answers a subscription of the loopback service
// instead, which is all the browser's part would be (its keys are the service's).

test.use({ serviceWorkers: "allow" });

const FLOOD = DEMO_ALERTS[0] as FixtureAlert;
// A Severe warning for the inland zone: only what storm mode shows (Extreme, Severe) is pushed,
// so the fixture's Wind Advisory (Moderate) is raised to a High Wind Warning.
const WIND: FixtureAlert = {
  ...(DEMO_ALERTS[1] as FixtureAlert),
  event: "High Wind Warning",
  severity: "Severe",
  zones: [FIXTURE_ZONES.forecast],
};

let weather: WeatherServer;
let push: PushService;
let site: SiteProcess;
test.beforeAll(async () => {
  // Its clock held: a warning's times stay those it was issued with, as the service's do (the
  // fixture's are offsets from its now, which would move a warning's end every minute).
  const started = Date.now();
  weather = await startWeatherServer({ alerts: [], now: () => started });
  weather.set({ maxAgeSeconds: 1 });
  push = await startPushService();
  site = await startSiteProcess({
    env: {
      ALLOW_PRIVATE_HOSTS: "127.0.0.1",
      NWS_API_URL: weather.url,
      NWS_RADAR_URL: weather.url,
      NWS_ALERTS_SECONDS: "1",
    },
  });
  // The weather page offers warnings under its alerts, which it shows once the service has
  // answered: a page made before that says live weather is loading (a busy machine's first).
  await expect
    .poll(
      async () => (await (await fetch(`${site.url}/weather`)).text()).includes('id="current"'),
      {
        timeout: 30_000,
      },
    )
    .toBe(true);
});
test.afterAll(async () => {
  await site?.stop();
  await push?.close();
  await weather?.close();
});

/**
 * A reader in a browser of their own who turns warnings on at `path` for `zones` (by name);
 * resolves with their subscription's endpoint once the page says warnings are on.
 */
async function reader(browser: Browser, path: string, zones: string[], on: RegExp) {
  const context = await browser.newContext();
  const subscription = push.subscribe();
  await context.addInitScript((sub) => {
    // The browser's push service, which is not reachable here: the loopback one's subscription.
    const fake = {
      endpoint: sub.endpoint,
      expirationTime: null,
      toJSON: () => sub,
      unsubscribe: async () => true,
      getKey: () => null,
      options: {},
    };
    let made = false;
    PushManager.prototype.subscribe = async function () {
      made = true;
      return fake as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      return (made ? fake : null) as unknown as PushSubscription | null;
    };
    Object.defineProperty(Notification, "permission", { get: () => "granted" });
    Notification.requestPermission = async () => "granted";
  }, subscription);
  const page = await context.newPage();
  await page.goto(`${site.url}${path}`);
  await waitForIslands(page);
  const form = page.locator("[data-push-warnings]");
  await expect(form).toBeVisible();
  for (const box of await form.getByRole("checkbox").all()) {
    const name = (await box.getAttribute("data-name")) ?? "";
    await box.setChecked(zones.includes(name));
  }
  await form.getByRole("button", { name: /Turn on warnings|Activar/ }).click();
  await expect(form.getByRole("status")).toHaveText(on);
  await context.close();
  return subscription.endpoint;
}

test("a reader who turned warnings on from /weather is pushed a warning for their zone, in their edition's language; another zone's reader is not", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const county = await reader(browser, "/weather", ["Harris County"], /Harris County/);
  const inland = await reader(browser, "/weather", ["Inland Harris"], /Inland Harris/);
  const spanish = await reader(browser, "/es/clima", ["Condado de Harris"], /Condado de Harris/);

  const issued = Date.now();
  weather.set({ alerts: [FLOOD] });
  const [en, es] = await Promise.all([push.next(county), push.next(spanish)]);
  expect(Math.max(en.at, es.at) - issued).toBeLessThan(60_000);
  expect(en.payload).toMatchObject({ title: "Flash Flood Warning", url: "/weather", lang: "en" });
  expect(en.payload.body).toMatch(/^Harris County until .+\. Avoid the affected area\./);
  expect(es.payload).toMatchObject({
    title: "Aviso de inundación repentina",
    url: "/es/clima",
    lang: "es",
  });
  expect(en.headers.urgency).toBe("high");
  expect(en.vapidValid && es.vapidValid).toBe(true);

  // Then a warning for the inland zone: its reader is told of that one only, never the flood.
  weather.set({ alerts: [FLOOD, WIND] });
  const wind = await push.next(inland);
  expect(wind.payload.title).toBe("High Wind Warning");
  expect(wind.headers.urgency).toBe("high");
  const toInland = push.received.filter((p) => inland.endsWith(`/push/${p.id}`));
  expect(toInland.map((p) => p.payload.title)).toEqual(["High Wind Warning"]);
  // The county's readers were not pushed the flood again (nothing they see changed).
  const toCounty = push.received.filter((p) => county.endsWith(`/push/${p.id}`));
  expect(toCounty.map((p) => p.payload.title)).toEqual(["Flash Flood Warning"]);
});
