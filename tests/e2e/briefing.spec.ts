import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { simpleParser } from "mailparser";
import { E2E, TEST_SITE_URL } from "./env";

// The morning briefing's sign-up (issue 54) in Chromium on a phone (375 px), in English and in
// Spanish: the form on the page (home's, the weather page's), its post without JavaScript, the
// confirmation mail the site sends through its loopback SMTP server (global-setup.ts writes each
// mail to E2E.mailDir), and its link, whose page's button confirms. Each test signs up an address
// of its own from a reader address of its own (X-Forwarded-For), so the per-reader cap of one
// never touches another's.

test.use({ viewport: { width: 375, height: 812 }, javaScriptEnabled: false });

/** The text of the mails sent to `address` so far. */
async function mailsTo(address: string): Promise<{ subject: string; text: string }[]> {
  const found: { subject: string; text: string }[] = [];
  for (const name of readdirSync(E2E.mailDir).filter((n) => n.endsWith(".eml"))) {
    const mail = await simpleParser(readFileSync(path.join(E2E.mailDir, name)));
    const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
    if (to.some((a) => a.value.some((v) => v.address === address)))
      found.push({ subject: mail.subject ?? "", text: mail.text ?? "" });
  }
  return found;
}

/** The confirmation link of the one mail sent to `address`, on the test's server. */
async function confirmationLink(address: string): Promise<string> {
  await expect.poll(async () => (await mailsTo(address)).length, { timeout: 20_000 }).toBe(1);
  const [mail] = await mailsTo(address);
  const link = /https:\/\/\S+\/briefing\/confirm\?token=[\w%.-]+/.exec(mail?.text ?? "")?.[0];
  expect(link, mail?.text).toBeTruthy();
  return (link as string).replace(TEST_SITE_URL, E2E.houstonUrl);
}

/** Signs up with the form inside `scope` of the page, as a reader without JavaScript does. */
async function signUp(page: Page, scope: string, label: string, button: string, email: string) {
  const form = page.locator(`${scope} [data-briefing-signup]`).first();
  await form.scrollIntoViewIfNeeded();
  const field = form.getByLabel(label, { exact: true });
  await expect(field).toBeVisible();
  // The field and its button fit the phone's width.
  const box = await form.locator("form").boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
  await field.fill(email);
  await form.getByRole("button", { name: button }).click();
}

test("English: sign up on home at 375 px, and the mail's link confirms", async ({ page }) => {
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": "198.51.100.71" });
  const email = `e2e-en-${Date.now()}@example.org`;
  await page.goto("/");
  await signUp(page, "main", "Your e-mail address", "Sign up", email);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your inbox");
  await expect(page.getByText(email)).toBeVisible();
  const link = await confirmationLink(email);
  const [mail] = await mailsTo(email);
  expect(mail?.subject).toBe("Confirm your Houston City Wire morning briefing");
  // The link's page asks (mail scanners follow links); its button confirms.
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your morning briefing");
  await page.getByRole("button", { name: "Confirm my subscription" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are subscribed");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});

test("Spanish: sign up on /es/clima at 375 px, in Spanish, and the link confirms under /es", async ({
  page,
}) => {
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": "198.51.100.72" });
  const email = `e2e-es-${Date.now()}@example.org`;
  await page.goto("/es/clima");
  await signUp(page, "main", "Su correo electrónico", "Suscribirme", email);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Revise su correo");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  const link = await confirmationLink(email);
  expect(new URL(link).pathname).toBe("/es/briefing/confirm");
  const [mail] = await mailsTo(email);
  expect(mail?.subject).toBe("Confirme su boletín matutino de Houston City Wire");
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirme su boletín matutino");
  await page.getByRole("button", { name: "Confirmar mi suscripción" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ya está suscrito");
});

test("the footer's form is on every page but home (which has its own), in the edition's language", async ({
  page,
}) => {
  await page.goto("/es/contacto");
  const footer = page.locator("footer [data-briefing-signup]");
  await expect(footer.getByRole("heading", { name: "El boletín matutino" })).toBeVisible();
  await expect(footer.locator("form")).toHaveAttribute("action", "/es/briefing");
  await page.goto("/contact");
  await expect(
    page.locator("footer [data-briefing-signup]").getByRole("button", { name: "Sign up" }),
  ).toBeVisible();
  for (const home of ["/", "/es/"]) {
    await page.goto(home);
    await expect(page.locator("[data-briefing-signup]")).toHaveCount(1);
    await expect(page.locator("footer [data-briefing-signup]")).toHaveCount(0);
  }
});
