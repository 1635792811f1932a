import { expect, test, type Page } from "@playwright/test";
import { wcagViolations } from "./axe";
import { gotoReady } from "./helpers";
import { TEST_SITE_URL } from "./env";
import { wordsLeft } from "../support/english-words";

// Houston's Spanish edition (issue 38), as a reader of Spanish meets it: under /es, at paths in
// Spanish (/es/clima), every word of the interface in Spanish (what the services give in English is marked lang="en"), named to
// search engines as the English page's counterpart both ways, and as accessible as the English.

const PAGES = [
  "/es/",
  "/es/noticias-locales",
  "/es/clima",
  "/es/contacto",
  "/es/no-such-page",
  // Who we are (issue 53).
  "/es/acerca-de",
  "/es/correcciones",
];

/**
 * Words and phrases of the English interface (the specification's text), each of which a page
 * of the Spanish edition must not show outside what is marked as English.
 */
const ENGLISH_INTERFACE = [
  "Skip to content",
  "Search news",
  "See All",
  "Local News",
  "Weather Alerts",
  "Contact Us",
  "Loading",
  "Home",
  "Sections",
  "Sponsored",
  "Advertisement",
  "opens in a new tab",
  "Just now",
  "hours ago",
  "Yesterday",
  "Return to Homepage",
  "Page Not Found",
  "Send Message",
  "Your Name",
  "Preparedness Tips",
  "Live Radio",
  "Privacy Policy",
  "Terms of Service",
  "All rights reserved",
];

/** The page's text (visible or for screen readers) outside the parts marked as English. */
async function interfaceText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const copy = document.body.cloneNode(true) as HTMLElement;
    for (const el of copy.querySelectorAll('[lang^="en"], script, style, template')) el.remove();
    const labels = [...copy.querySelectorAll("[aria-label], [alt], [placeholder], [title]")].map(
      (el) =>
        ["aria-label", "alt", "placeholder", "title"]
          .map((name) => el.getAttribute(name) ?? "")
          .join(" "),
    );
    return `${copy.textContent ?? ""} ${labels.join(" ")}`.replace(/\s+/g, " ");
  });
}

for (const width of [375, 1280]) {
  test.describe(`the Spanish edition at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const path of PAGES) {
      test(`${path} is Spanish throughout, with no WCAG 2.2 AA violation in either colour scheme`, async ({
        page,
      }) => {
        await gotoReady(page, path);
        await expect(page.locator("html")).toHaveAttribute("lang", "es-US");
        const text = await interfaceText(page);
        expect(wordsLeft(text, ENGLISH_INTERFACE, { match: "word", ignoreCase: true })).toEqual([]);
        expect(await wcagViolations(page)).toEqual([]);
      });
    }
  });
}

test("each page names its counterpart in the other language, both ways, and x-default the English", async ({
  page,
}) => {
  const alternates = () =>
    page
      .locator('head link[rel="alternate"][hreflang]')
      .evaluateAll((links) =>
        Object.fromEntries(links.map((l) => [l.getAttribute("hreflang"), l.getAttribute("href")])),
      );
  const expected = {
    "en-US": `${TEST_SITE_URL}/weather`,
    "es-US": `${TEST_SITE_URL}/es/clima`,
    "x-default": `${TEST_SITE_URL}/weather`,
  };
  await gotoReady(page, "/weather");
  expect(await alternates()).toEqual(expected);
  await gotoReady(page, "/es/clima");
  expect(await alternates()).toEqual(expected);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    `${TEST_SITE_URL}/es/clima`,
  );
  const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent();
  expect(jsonLd).toContain('"inLanguage":"es-US"');
});

test("a reader finds the other language in the header, and its links keep them in it", async ({
  page,
}) => {
  await gotoReady(page, "/weather");
  await page.getByRole("link", { name: "Español" }).click();
  await expect(page).toHaveURL(/\/es\/clima$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Clima");
  // An old address of the page in the edition (its English path) leads to its Spanish one.
  await gotoReady(page, "/es/weather");
  await expect(page).toHaveURL(/\/es\/clima$/);
  // A section of the Spanish edition's navigation stays in the edition, at its Spanish path.
  await page.getByRole("link", { name: "Deportes", exact: true }).first().click();
  await expect(page).toHaveURL(/\/es\/deportes$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Deportes");
  const nav = page.getByRole("navigation").first();
  const hrefs = await nav
    .locator("a[href]")
    .evaluateAll((links) => links.map((l) => l.getAttribute("href") ?? ""));
  expect(hrefs.length).toBeGreaterThan(3);
  expect(hrefs.filter((href) => href.startsWith("/") && !href.startsWith("/es"))).toEqual([]);
  await page.getByRole("link", { name: "English" }).click();
  await expect(page).toHaveURL(/\/sports$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
});

test("the contact form answers in Spanish, and the sitemap lists both editions", async ({
  page,
  request,
}) => {
  await gotoReady(page, "/es/contacto");
  await page.getByRole("button", { name: "Enviar mensaje" }).click();
  // The browser's own check stops an empty form; the reader is told in the field's label.
  await expect(page.getByLabel(/Nombre/)).toBeFocused();
  // Sent, it is thanked in Spanish on the page it was sent from.
  await page.getByLabel(/Nombre/).fill("Ana Pérez");
  await page.getByLabel(/Correo electrónico/).fill("ana@example.com");
  await page.getByLabel(/Asunto/).fill("Una pregunta");
  await page.getByLabel(/Mensaje/).fill("¿Tienen un boletín en español?");
  await page.getByRole("button", { name: "Enviar mensaje" }).click();
  await expect(page.getByRole("status")).toContainText("¡Gracias por su mensaje!");
  await expect(page).toHaveURL(/\/es\/contacto$/);
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toContain(`<loc>${TEST_SITE_URL}/es/clima</loc>`);
  expect(sitemap).not.toContain(`${TEST_SITE_URL}/es/weather`);
  expect(sitemap).toContain(
    `<xhtml:link rel="alternate" hreflang="en-US" href="${TEST_SITE_URL}/weather"/>`,
  );
});
