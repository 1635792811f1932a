import { writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page, type Route } from "@playwright/test";
import { PUBLIC_PAGES } from "../../app/lib/pages";
import { E2E } from "./env";
import { gotoReady, startSiteServer, type SiteServer } from "./helpers";

// Embeds only when configured (docs/decisions/004). The shared sites configure none: readers see
// no placeholder, and their pages name and load nothing of a third party. A site of its own,
// configured through EMBEDS_FILE, shows its ad slots at their reserved heights, loads its two
// scripts after the page is interactive, and its CSP (and only its) names their origins. Every
// third-party request is answered here by page.route: nothing leaves the machine.

const PLACEHOLDERS = ["coming soon", "will appear here", "Your ad could be here", "data-ad-type"];

/** One directive's sources in a CSP header. */
function directive(csp: string, name: string): string[] {
  const found = csp.split(";").find((d) => d.startsWith(`${name} `));
  return found ? found.split(" ").slice(1) : [];
}

/** The page's markup without its inlined stylesheet (whose rules name every class). */
function bodyOf(html: string): string {
  return html.replace(/<style[\s\S]*?<\/style>/gi, "");
}

/** Answers (and records) every request that would leave loopback; the rest go on. */
async function recordThirdParty(page: Page): Promise<string[]> {
  const requested: string[] = [];
  await page.context().route(
    (url) => url.hostname !== "127.0.0.1" && url.hostname !== "localhost",
    (route) => {
      requested.push(route.request().url());
      return route.abort();
    },
  );
  return requested;
}

test.describe("a site that configures no embed", () => {
  test("no page shows a placeholder, a dashed box or a third-party origin", async ({ request }) => {
    for (const base of [E2E.houstonUrl, E2E.otherUrl]) {
      for (const page of PUBLIC_PAGES) {
        const where = `${base}${page.path}`;
        const res = await request.get(where);
        expect(res.status(), where).toBe(200);
        const html = bodyOf(await res.text());
        for (const text of PLACEHOLDERS) expect(html, `${where}: ${text}`).not.toContain(text);
        expect(html, where).not.toContain("border-dashed");
        expect(html, where).not.toMatch(/<(iframe|ins)\b/);
        const csp = res.headers()["content-security-policy"] ?? "";
        expect(directive(csp, "script-src").join(" "), where).not.toMatch(/https?:/);
        expect(directive(csp, "frame-src"), where).toEqual(["'none'"]);
      }
    }
  });

  test("its pages request nothing from a third party once loaded and idle", async ({ page }) => {
    const requested = await recordThirdParty(page);
    for (const where of ["/", "/local-news", "/contact"]) {
      await page.goto(where, { waitUntil: "load" });
      await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
      await expect(page.locator("script[src^='https:']")).toHaveCount(0);
    }
    expect(requested).toEqual([]);
  });

  test("the pages that lose an embed keep their content", async ({ page }) => {
    await page.goto("/partners");
    // Each document is still offered, by mail to the newsroom; the partner sites are listed.
    await expect(page.getByRole("link", { name: /@/ }).first()).toHaveAttribute("href", /^mailto:/);
    const partners = page.getByRole("region", { name: "Our Partners" });
    await expect(partners.getByRole("link", { name: /Buddha TV/ })).toHaveAttribute(
      "href",
      "https://buddhatv.org",
    );
    // The partners see where their readers come from: the referrer is sent (no noreferrer).
    await expect(partners.getByRole("link", { name: /Buddha TV/ })).toHaveAttribute(
      "rel",
      "noopener",
    );
    await page.goto("/local-events");
    await expect(page.getByRole("heading", { name: "Submit Your Event" })).toBeVisible();
    await page.goto("/weather");
    await expect(page.getByRole("heading", { name: "Preparedness Tips" })).toBeVisible();
    // Its radar is the weather service's picture through the site's image route: no embed.
    await expect(page.locator("iframe")).toHaveCount(0);
    await page.goto("/sports");
    const highlights = page.getByRole("region", { name: "Highlights" });
    await expect(highlights.getByRole("heading", { level: 3 })).toHaveCount(3);
    await expect(highlights.locator("figure")).toHaveCount(0);
  });

  test("the home page's sponsor blocks are labelled links to the partner sites", async ({
    page,
  }) => {
    await page.goto("/");
    for (const [label, url] of [
      ["Buddha TV", "https://buddhatv.org"],
      ["Dunamis Charge", "https://dunamischarge.com"],
    ] as const) {
      const block = page.getByRole("complementary", { name: `Sponsored by ${label}` });
      await expect(block).toBeVisible();
      const link = block.getByRole("link", { name: new RegExp(label) });
      await expect(link).toHaveAttribute("href", url);
      await expect(link).toHaveAttribute("rel", /sponsored/);
    }
  });
});

test.describe("a site that configures its embeds (EMBEDS_FILE)", () => {
  const EMBEDS = {
    adClient: "ca-pub-0000000000000000",
    formScript: "https://forms.embed.test/v1/embed.js",
    leadForm: "https://leads.embed.test/form/1",
    eventsFeed: "https://events.embed.test/wall",
    featuredVideo: "e2eVideo",
  };
  const AD_ORIGIN = "https://pagead2.googlesyndication.com";
  let server: SiteServer | undefined;

  test.beforeAll(async () => {
    server = await startSiteServer((dataDir) => {
      const embedsFile = path.join(dataDir, "embeds.json");
      writeFileSync(embedsFile, JSON.stringify(EMBEDS));
      return {
        EMBEDS_FILE: embedsFile,
        FEEDS_FILE: E2E.feedsFile,
        ALLOW_PRIVATE_HOSTS: new URL(E2E.feedsUrl).hostname,
      };
    });
  });

  test.afterAll(async () => server?.stop());

  test("its CSP names the configured origins, and the shared site's does not", async ({
    request,
  }) => {
    const res = await request.get(`${server?.url}/contact`);
    const csp = res.headers()["content-security-policy"] ?? "";
    expect(directive(csp, "script-src")).toEqual(
      expect.arrayContaining(["'self'", AD_ORIGIN, "https://forms.embed.test"]),
    );
    expect(directive(csp, "frame-src")).toEqual(
      expect.arrayContaining([
        "https://leads.embed.test",
        "https://events.embed.test",
        "https://www.youtube-nocookie.com",
      ]),
    );
    expect(directive(csp, "frame-src")).not.toContain("https:");
    // The scripts are not in the served page: the browser adds them once it is interactive.
    expect(bodyOf(await res.text())).not.toMatch(/<script[^>]+src="https:/);
    const shared = (await request.get(`${E2E.houstonUrl}/contact`)).headers()[
      "content-security-policy"
    ];
    expect(shared).not.toContain(AD_ORIGIN);
    expect(shared).not.toContain("embed.test");
  });

  test("the ad and form scripts load from their origins only after the page is interactive", async ({
    page,
  }) => {
    const others = await recordThirdParty(page);
    const seen: { url: string; readyState: string; embedsReady: boolean; loaded: boolean }[] = [];
    const answer = (marker: string) => async (route: Route) => {
      // The page's state at the moment the browser asked for the script.
      const state = await page.evaluate(() => {
        const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
        const ready = document.documentElement.getAttribute("data-islands-ready") ?? "";
        return {
          readyState: document.readyState,
          // The embeds island (which queues the ad slots) had started.
          embedsReady: ready.split(" ").includes("embeds"),
          loaded: nav.loadEventEnd > 0,
        };
      });
      seen.push({ url: route.request().url(), ...state });
      await route.fulfill({
        contentType: "text/javascript",
        // Runs only if the CSP allows its origin; counts the slots queued for the ad script.
        body: `window.${marker} = (window.adsbygoogle || []).length;`,
      });
    };
    await page.route(`${AD_ORIGIN}/pagead/js/adsbygoogle.js*`, answer("e2eAdScript"));
    await page.route(EMBEDS.formScript, answer("e2eFormScript"));
    await page.goto(`${server?.url}/local-news`);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { e2eAdScript?: number }).e2eAdScript))
      .toBe(await page.locator("ins.adsbygoogle").count());
    await expect
      .poll(() =>
        page.evaluate(() => (window as unknown as { e2eFormScript?: number }).e2eFormScript),
      )
      .toBeDefined();
    expect(seen.map((s) => s.url).sort()).toEqual(
      [`${AD_ORIGIN}/pagead/js/adsbygoogle.js?client=${EMBEDS.adClient}`, EMBEDS.formScript].sort(),
    );
    for (const s of seen) {
      expect(s, s.url).toMatchObject({ readyState: "complete", embedsReady: true, loaded: true });
    }
    expect(await page.locator("ins.adsbygoogle").count()).toBe(2);
    // A script from an origin the site did not configure is refused by the CSP before any request.
    const refused = page.waitForEvent("console", (m) => m.text().includes("other.embed.test"));
    await page.evaluate(() => {
      const script = document.createElement("script");
      script.src = "https://other.embed.test/x.js";
      document.body.append(script);
    });
    expect((await refused).text()).toMatch(/Content Security Policy/);
    // No other third-party request (the video is a facade: nothing before a click).
    expect(others).toEqual([]);
  });

  for (const [width, vertical] of [
    [1280, 600],
    [375, 250],
  ] as const) {
    test(`its ad slots reserve their heights at ${width} px`, async ({ page }) => {
      await recordThirdParty(page);
      await page.setViewportSize({ width, height: 900 });
      const minHeight = (variant: string) =>
        page
          .locator(`[data-ad-variant="${variant}"]`)
          .first()
          .evaluate((el) => getComputedStyle(el).minHeight);
      await page.goto(`${server?.url}/local-news`);
      await expect(page.getByText("Your ad could be here")).toHaveCount(0);
      expect(await minHeight("vertical")).toBe(`${vertical}px`);
      expect(parseInt(await minHeight("horizontal"), 10)).toBeLessThan(250);
      await page.goto(`${server?.url}/sports`);
      expect(await minHeight("square")).toBe("250px");
    });
  }

  test("its lead form, events wall and video appear, from their configured URLs", async ({
    page,
  }) => {
    await recordThirdParty(page);
    await page.goto(`${server?.url}/contact`);
    await expect(page.getByRole("heading", { name: "Advertise or Partner With Us" })).toBeVisible();
    await expect(page.locator("iframe")).toHaveAttribute("src", EMBEDS.leadForm);
    await page.goto(`${server?.url}/local-events`);
    await expect(page.locator("iframe")).toHaveAttribute("src", EMBEDS.eventsFeed);
    await gotoReady(page, `${server?.url}/`);
    const play = page.getByRole("button", { name: /^Play video:/ });
    await expect(play).toBeVisible();
    await expect(page.locator("iframe")).toHaveCount(0);
    // Played from the keyboard: the player takes the poster's place, and the focus.
    await play.focus();
    await page.keyboard.press("Enter");
    const player = page.locator("iframe");
    await expect(player).toHaveAttribute(
      "src",
      `https://www.youtube-nocookie.com/embed/${EMBEDS.featuredVideo}?autoplay=1`,
    );
    await expect(player).toBeFocused();
    await expect(play).toHaveCount(0);
  });
});
