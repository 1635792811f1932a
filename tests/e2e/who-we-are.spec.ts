import { expect, test, type Page } from "@playwright/test";
import { gotoReady } from "./helpers";

// Issue 53, who we are: /about (its masthead, where /masthead leads) and /corrections in both
// editions, linked from the footer and the FAQ; the not-found page's masthead and main links; the
// language switch on /search keeping the reader's words.

const footer = (page: Page) => page.getByRole("contentinfo");

for (const [path, heading, footerLink] of [
  ["/about", "About Us", "About Us"],
  ["/corrections", "Corrections", "Corrections"],
  ["/es/acerca-de", "Acerca de nosotros", "Acerca de nosotros"],
  ["/es/correcciones", "Correcciones", "Correcciones"],
] as const) {
  test(`${path} answers 200 with its heading, linked from the footer`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(footer(page).getByRole("link", { name: footerLink, exact: true })).toHaveAttribute(
      "href",
      path,
    );
  });
}

test("/about says who owns and funds the site, counts its outlets and names who runs it", async ({
  page,
}) => {
  await page.goto("/about");
  const main = page.getByRole("main");
  for (const name of [
    "Who owns us",
    "How we are funded",
    "Our sponsors and the books we promote",
  ]) {
    await expect(main.getByRole("heading", { level: 2, name })).toBeVisible();
  }
  const sources = main.getByRole("region", { name: "Where our stories come from" });
  const count = await sources.locator("[data-outlets] li").count();
  expect(count).toBeGreaterThan(5);
  await expect(sources).toContainText(`Our pages list stories from ${count} outlets`);
  const masthead = main.getByRole("region", { name: "Masthead" });
  await expect(masthead).toContainText("City Wire Network");
  await expect(masthead.getByRole("link", { name: "newsroom@houstoncitywire.com" })).toBeVisible();
});

test("/masthead leads to the About page's masthead, in either edition", async ({ page }) => {
  await page.goto("/masthead");
  await expect(page).toHaveURL(/\/about#masthead$/);
  await expect(page.getByRole("region", { name: "Masthead" })).toBeInViewport();
  await page.goto("/es/masthead");
  await expect(page).toHaveURL(/\/es\/acerca-de#masthead$/);
  await expect(page.getByRole("region", { name: "Directorio" })).toBeVisible();
});

test("/corrections says how to ask, and that there are none so far", async ({ page }) => {
  await page.goto("/corrections");
  const ask = page.getByRole("region", { name: "How to ask for a correction" });
  await expect(ask).toContainText("“Correction” as the subject");
  await expect(ask.getByRole("link", { name: "Contact page" })).toHaveAttribute("href", "/contact");
  await expect(page.getByRole("region", { name: "Corrections made" })).toContainText("None so far");
  await page.goto("/es/correcciones");
  await expect(
    page.getByRole("region", { name: "Cómo pedir una corrección" }).getByRole("link"),
  ).toHaveAttribute("href", "/es/contacto");
});

test("the FAQ links the corrections and About pages, and promises no advertising form", async ({
  page,
}) => {
  await gotoReady(page, "/faq");
  const main = page.getByRole("main");
  await expect(
    main.getByRole("link", { name: "See: Corrections", includeHidden: true }),
  ).toHaveAttribute("href", "/corrections");
  await expect(
    main.getByRole("link", { name: "See: About Us", includeHidden: true }),
  ).toHaveAttribute("href", "/about");
  await expect(main).not.toContainText("advertising inquiry form");
  await expect(main).not.toContainText("You may leave out your name");
  await gotoReady(page, "/es/preguntas-frecuentes");
  await expect(
    page.getByRole("main").getByRole("link", { name: "Vea: Correcciones", includeHidden: true }),
  ).toHaveAttribute("href", "/es/correcciones");
});

for (const [path, home, labels] of [
  ["/no-such-page", "/", ["Home", "Local", "Search", "About"]],
  ["/es/no-such-page", "/es", ["Inicio", "Noticias locales", "Buscar", "Acerca de"]],
] as const) {
  test(`the not-found page (${path}) carries the masthead and the main links`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole("banner").getByRole("link", { name: "Houston City Wire" }),
    ).toHaveAttribute("href", home);
    const nav = page.getByRole("main").getByRole("navigation");
    for (const name of labels) {
      await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    }
  });
}

test("the language switch on /search keeps the query, both ways", async ({ page }) => {
  await gotoReady(page, "/search?q=hurricane");
  await page.getByRole("link", { name: "Español" }).click();
  await expect(page).toHaveURL(/\/es\/buscar\?q=hurricane$/);
  await expect(page.getByRole("searchbox").first()).toHaveValue("hurricane");
  await page.getByRole("link", { name: "English" }).click();
  await expect(page).toHaveURL(/\/search\?q=hurricane$/);
});

test("Spanish polish: the menu says Noticias locales, and /es/radio names its shows in Spanish", async ({
  page,
}) => {
  await page.goto("/es/");
  await expect(
    page
      .getByRole("navigation")
      .first()
      .getByRole("link", { name: "Noticias locales", exact: true })
      .first(),
  ).toHaveAttribute("href", "/es/noticias-locales");
  await expect(page.getByRole("navigation").first()).not.toContainText(/\bLocales\b(?!\S)/);
  await page.goto("/es/radio");
  await expect(page.getByRole("main")).toContainText("Voces de la comunidad");
  await expect(page.getByRole("main")).not.toContainText("Community Voices");
});
