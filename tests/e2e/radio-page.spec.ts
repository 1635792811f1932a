import { expect, test, type Page } from "@playwright/test";
import { STATION_TITLES } from "../fixture-servers/radio-upstream";
import { E2E } from "./env";
import { gotoReady } from "./helpers";

// /radio in the browser, playing the fixture station's MP3 through the relay. Where a test needs an
// outcome the station cannot give (the browser refusing play(), a stall), it is set by replacing
// HTMLMediaElement.play.

async function stubPlay(page: Page, outcome: "resolve" | "reject") {
  await page.addInitScript((o) => {
    HTMLMediaElement.prototype.play = function () {
      return o === "resolve"
        ? Promise.resolve()
        : Promise.reject(new DOMException("blocked", "NotAllowedError"));
    };
  }, outcome);
}

test("the player card, its labelled controls, the Now Playing text and the tip", async ({
  page,
}) => {
  await gotoReady(page, "/radio");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Live Radio");
  await expect(page.getByText("24/7 live stream")).toBeVisible();
  await expect(page.getByRole("button", { name: "Play" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Mute" })).toBeVisible();
  await expect(page.getByRole("slider", { name: "Volume" })).toHaveValue("0.9");
  // The station's title while the relay is connected (other tests may be listening), else the
  // default text.
  await expect(page.getByRole("region", { name: "Now Playing" }).locator("p")).toHaveText(
    new RegExp(
      `^(${[...STATION_TITLES, "Live programming from our station stream\\."].join("|")})$`,
    ),
  );
  await expect(
    page.getByText(
      "If audio doesn't start, click play. Some browsers block autoplay with sound until you interact.",
    ),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
});

// The player is rendered by React on the server and hydrated by Preact in the browser (decision
// 016): it takes the server's markup as it is (no element, attribute or text changed; only React's
// empty text separators, comments, go), with nothing said on the console.
test("the player hydrates the server's markup as it is, without an error", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (m) => void (m.type() === "error" && errors.push(m.text())));
  // What the relay says (the title, the titles played) would change the player after it
  // hydrated: its answer is held back, so that the player stays as it hydrated.
  await page.route("**/api/radio/now-playing", () => undefined);
  const served = await (await page.request.get("/radio")).text();
  await gotoReady(page, "/radio");
  const [before, after] = await page.evaluate((html) => {
    const shape = (root: Element | null): string => {
      if (!root) return "";
      const walk = (node: Node): string => {
        if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? "";
        if (node.nodeType !== Node.ELEMENT_NODE) return "";
        const el = node as Element;
        const attrs = [...el.attributes].map((a) => `${a.name}=${a.value}`).sort();
        // A <noscript>'s content is parsed as elements without scripting (DOMParser) and as text
        // that is never shown with it: Preact empties it. Only the element itself is compared.
        const inner = el.localName === "noscript" ? "" : [...el.childNodes].map(walk).join("");
        return `<${el.localName} ${attrs.join(" ")}>${inner}</>`;
      };
      return walk(root);
    };
    const parsed = new DOMParser().parseFromString(html, "text/html");
    return [
      shape(parsed.querySelector("[data-radio-player]")),
      shape(document.querySelector("[data-radio-player]")),
    ];
  }, served);
  expect(before).toContain("<button");
  expect(after).toBe(before);
  expect(errors).toEqual([]);
});

test("the stream is neither preloaded nor autoplayed: its source is set on the first click", async ({
  page,
}) => {
  await gotoReady(page, "/radio");
  const audio = page.locator("audio");
  await expect(audio).toHaveAttribute("preload", "none");
  await expect(audio).toHaveAttribute("crossorigin", "anonymous");
  await expect(audio).not.toHaveAttribute("autoplay", /.*/);
  await expect(audio).not.toHaveAttribute("src", /.*/);
  await page.getByRole("button", { name: "Play" }).click();
  await expect(audio).toHaveAttribute("src", `/api/stream?port=${E2E.radioPort}`);
});

test("play starts the station (the audio's time advances), pause stops it, and Now Playing shows its title", async ({
  page,
}) => {
  await gotoReady(page, "/radio");
  const audio = page.locator("audio");
  const time = () => audio.evaluate((el: HTMLAudioElement) => el.currentTime);
  await page.getByRole("button", { name: "Play" }).click();
  await expect(page.getByRole("button", { name: "Pause" })).toBeVisible();
  await expect.poll(time, { timeout: 15_000 }).toBeGreaterThan(1);
  expect(await audio.evaluate((el: HTMLAudioElement) => el.paused)).toBe(false);
  await expect(page.getByRole("alert")).toHaveCount(0);
  // The relay knows the title once it is connected; the page asks when playback starts.
  const nowPlaying = page.getByRole("region", { name: "Now Playing" }).locator("p");
  await expect(nowPlaying).toHaveText(new RegExp(`^(${STATION_TITLES.join("|")})$`));

  // ...and Recently played lists what the relay heard, with the time in the city's zone.
  const recent = page.getByRole("region", { name: "Recently played" }).getByRole("listitem");
  await expect(recent.first()).toContainText(new RegExp(`(${STATION_TITLES.join("|")})$`));
  await expect(recent.first().locator("time")).toHaveText(/^\d{1,2}:\d{2}\s?[AP]M$/);

  await page.getByRole("button", { name: "Pause" }).click();
  await expect(page.getByRole("button", { name: "Play" })).toBeVisible();
  expect(await audio.evaluate((el: HTMLAudioElement) => el.paused)).toBe(true);
  const paused = await time();
  await page.waitForTimeout(1000); // a second of (not) playing: the time must stand still
  expect(await time()).toBe(paused);
});

test("a refused play() shows the red error under the controls", async ({ page }) => {
  await stubPlay(page, "reject");
  await gotoReady(page, "/radio");
  await page.getByRole("button", { name: "Play" }).click();
  const alert = page.getByRole("alert");
  await expect(alert).toHaveText("Unable to start playback. Please try again.");
  // Red: Tailwind's colours are oklch(lightness chroma hue); a red's hue is near 0-40 degrees.
  const color = await alert.evaluate((el) => getComputedStyle(el).color);
  const hue = Number(/oklch\([\d.]+ [\d.]+ ([\d.]+)/.exec(color)?.[1]);
  expect(hue).toBeGreaterThanOrEqual(0);
  expect(hue).toBeLessThan(40);
});

test("the volume slider follows the keyboard rules, and unmutes when moved above 0", async ({
  page,
}) => {
  await gotoReady(page, "/radio");
  const slider = page.getByRole("slider", { name: "Volume" });
  await slider.focus();
  await page.keyboard.press("ArrowRight");
  await expect(slider).toHaveValue("0.91");
  await page.keyboard.press("PageDown");
  await expect(slider).toHaveValue("0.81");
  await page.keyboard.press("Shift+ArrowLeft");
  await expect(slider).toHaveValue("0.71");
  await page.keyboard.press("End");
  await expect(slider).toHaveValue("1");
  await page.keyboard.press("ArrowRight");
  await expect(slider).toHaveValue("1");
  await page.keyboard.press("Home");
  await expect(slider).toHaveValue("0");
  await expect(page.locator('[data-icon="muted"]')).toHaveCount(1);

  await page.getByRole("button", { name: "Mute" }).click();
  await expect(page.getByRole("button", { name: "Unmute" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  expect(await page.locator("audio").evaluate((el: HTMLAudioElement) => el.muted)).toBe(true);
  await slider.focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("button", { name: "Mute" })).toHaveAttribute("aria-pressed", "false");
  await expect(page.locator('[data-icon="volume"]')).toHaveCount(1);
  expect(
    await page.locator("audio").evaluate((el: HTMLAudioElement) => [el.muted, el.volume]),
  ).toEqual([false, 0.01]);
});

test("lock-screen controls get the station's metadata", async ({ page }) => {
  await gotoReady(page, "/radio");
  await expect
    .poll(() => page.evaluate(() => navigator.mediaSession.metadata?.artist))
    .toBe("Houston City Wire");
});

test("a stalled stream is retried with backoff a few times before the error", async ({ page }) => {
  await stubPlay(page, "resolve");
  await page.clock.install();
  await gotoReady(page, "/radio");
  await page.getByRole("button", { name: "Play" }).click();
  const audio = page.locator("audio");
  for (const [retry, wait] of [
    [1, 1000],
    [2, 2000],
    [3, 4000],
  ] as const) {
    await audio.evaluate((el) => el.dispatchEvent(new Event("stalled")));
    await page.clock.runFor(wait);
    await expect(audio).toHaveAttribute("src", `/api/stream?port=${E2E.radioPort}&retry=${retry}`);
    await expect(page.getByRole("alert")).toHaveCount(0);
  }
  await audio.evaluate((el) => el.dispatchEvent(new Event("stalled")));
  await expect(page.getByRole("alert")).toHaveText("Stream temporarily unavailable.");
});

test("a slim brand bar names the publication and leads home; the station's schedule is beside the player", async ({
  page,
}) => {
  await page.goto("/radio");
  const bar = page.getByRole("banner");
  await expect(bar.getByRole("link", { name: "Houston City Wire" })).toHaveAttribute("href", "/");
  await expect(bar.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
  const schedule = page.getByRole("table", { name: /weekly shows, in Houston time/ });
  await expect(schedule.getByRole("row")).toHaveCount(7); // a header row and six shows
  await expect(schedule.getByRole("row").nth(1)).toHaveText(
    /Weekdays\s*6:00\sAM–9:00\sAM\s*Morning Drive/,
  );
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("offers the stream in the browser's own player, and hides controls that cannot work", async ({
    page,
  }) => {
    await page.goto("/radio");
    const player = page.locator("audio[controls]");
    await expect(player).toBeVisible();
    await expect(player).toHaveAttribute("src", /^\/api\/stream\?port=\d+$/);
    await expect(player).toHaveAttribute("preload", "none");
    await expect(page.getByRole("button", { name: "Play" })).toBeHidden();
  });
});
