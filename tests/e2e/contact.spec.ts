import path from "node:path";
import Database from "better-sqlite3";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { E2E } from "./env";
import { waitForIslands } from "./helpers";

// The contact form of the default site, which stores messages in its DATA_DIR: a fresh folder in
// each run (global-setup.ts), so no run sees an earlier one's messages. Each test sends from its
// own address (X-Forwarded-For; the server trusts its loopback proxy), so the per-address rate
// limit of one test does not touch the others.

const THANK_YOU = "Thank you for your message! We'll get back to you soon.";
const dbFile = () => path.join(E2E.houstonDataDir, "network.db");
/** A documentation address (198.51.100.0/24) of its own for each test. */
const sender = (n: number) => ({ "X-Forwarded-For": `198.51.100.${10 + n}` });

function storedWithSubject(subject: string): { name: string; email: string; message: string }[] {
  const db = new Database(dbFile(), { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare("SELECT name, email, message FROM messages WHERE site = 'houston' AND subject = ?")
      .all(subject) as {
      name: string;
      email: string;
      message: string;
    }[];
  } finally {
    db.close();
  }
}

async function fill(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values))
    await page.getByLabel(label, { exact: true }).fill(value);
}

test.describe("with JavaScript", () => {
  test.use({ extraHTTPHeaders: sender(1) });

  test("a message is stored, thanked for and the form emptied, without a reload", async ({
    page,
  }) => {
    const subject = `Tip ${Date.now()} js`;
    await page.goto("/contact");
    await waitForIslands(page);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await fill(page, {
      Name: "Ana Ruiz",
      Email: "ana@example.org",
      Subject: subject,
      Message: "Flooding on Westheimer.",
    });
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("status")).toHaveText(THANK_YOU);
    for (const label of ["Name", "Email", "Subject", "Message"])
      await expect(page.getByLabel(label, { exact: true })).toHaveValue("");
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(storedWithSubject(subject)).toEqual([
      { name: "Ana Ruiz", email: "ana@example.org", message: "Flooding on Westheimer." },
    ]);
  });

  test("each invalid field gets its message, what was typed stays, and nothing is stored", async ({
    page,
  }) => {
    const subject = `Tip ${Date.now()} invalid`;
    await page.goto("/contact");
    await fill(page, { Name: "", Email: "not-an-email", Subject: subject, Message: "" });
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Please enter your name.")).toBeVisible();
    await expect(page.getByText("Please enter a valid e-mail address.")).toBeVisible();
    await expect(page.getByText("Please enter your message.")).toBeVisible();
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue("not-an-email");
    await expect(page.getByLabel("Subject", { exact: true })).toHaveValue(subject);
    await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("status")).toHaveCount(0);
    expect(storedWithSubject(subject)).toEqual([]);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, extraHTTPHeaders: sender(2) });

  test("a plain POST stores the message and answers with the thank-you", async ({ page }) => {
    const subject = `Tip ${Date.now()} nojs`;
    await page.goto("/contact");
    await fill(page, {
      Name: "Bo Chen",
      Email: "bo@example.org",
      Subject: subject,
      Message: "Park lights out.",
    });
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("status")).toHaveText(THANK_YOU);
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("");
    expect(storedWithSubject(subject)).toHaveLength(1);
  });
});

test.describe("the thanks and the errors", () => {
  /** What a message box looks like: its box, its colours and its type. */
  const lookOf = (el: Element) => {
    const style = getComputedStyle(el);
    return {
      background: style.backgroundColor,
      color: style.color,
      border: `${style.borderLeftWidth} ${style.borderLeftStyle} ${style.borderLeftColor}`,
      padding: style.padding,
      radius: style.borderRadius,
      margin: style.marginBottom,
      font: `${style.fontSize} ${style.fontWeight}`,
    };
  };

  /**
   * The thanks and a field's error as a reader with or without JavaScript sees them (each from
   * its own address: the rate limit of one does not touch the other).
   */
  async function messages(
    browser: Browser,
    javaScriptEnabled: boolean,
    n: number,
  ): Promise<{ thanks: ReturnType<typeof lookOf>; error: ReturnType<typeof lookOf> }> {
    const context = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      javaScriptEnabled,
      extraHTTPHeaders: sender(n),
    });
    try {
      const page = await context.newPage();
      await page.goto("/contact");
      if (javaScriptEnabled) await waitForIslands(page);
      await fill(page, { Name: "", Email: "ed@example.org", Subject: "Look", Message: "Hi" });
      await page.getByRole("button", { name: "Send Message" }).click();
      const error = await page.getByText("Please enter your name.").evaluate(lookOf);
      await fill(page, {
        Name: "Ed Park",
        Email: "ed@example.org",
        Subject: "Look",
        Message: "Hi",
      });
      await page.getByRole("button", { name: "Send Message" }).click();
      await expect(page.getByRole("status")).toHaveText(THANK_YOU);
      const thanks = await page.getByRole("status").evaluate(lookOf);
      return { thanks, error };
    } finally {
      await context.close();
    }
  }

  test("look the same with JavaScript as without: a green box, and the accent's words", async ({
    browser,
  }) => {
    // Two readers, two posts each.
    test.slow();
    const [withScript, without] = await Promise.all([
      messages(browser, true, 4),
      messages(browser, false, 5),
    ]);
    // Without JavaScript, the page's own rules: a box with a green rule, on green.
    expect(without.thanks.background).not.toBe("rgba(0, 0, 0, 0)");
    expect(without.thanks.border).toMatch(/^4px solid /);
    expect(without.error.color).toBe("rgb(107, 20, 20)");
    // With it, the same (the island's answer is markup its page did not have).
    expect(withScript).toEqual(without);
  });
});

test.describe("bad posts", () => {
  test.use({ extraHTTPHeaders: sender(3) });

  test("the rate limit refuses a fourth message in ten minutes", async ({ request }) => {
    const subject = `Tip ${Date.now()} rate`;
    const form = { name: "Cy", email: "cy@example.org", subject, message: "Hello" };
    for (let i = 0; i < 3; i++)
      expect((await request.post("/contact", { form })).status()).toBe(200);
    const refused = await request.post("/contact", { form });
    expect(refused.status()).toBe(429);
    expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(590);
    expect(refused.headers()["cache-control"]).toBe("no-store");
    expect(await refused.text()).toContain(
      "You have sent 3 messages in the last 10 minutes. Please try again in 10 minutes.",
    );
    expect(storedWithSubject(subject)).toHaveLength(3);
  });

  test("a post's answer is never stored by a cache", async ({ request }) => {
    const form = {
      name: "Di",
      email: "di@example.org",
      subject: `Tip ${Date.now()}`,
      message: "Hi",
    };
    const res = await request.post("/contact", { form, headers: sender(6) });
    expect(res.status()).toBe(200);
    expect(res.headers()["cache-control"]).toBe("no-store");
  });

  test("a filled honeypot is thanked but not stored", async ({ request }) => {
    const subject = `Tip ${Date.now()} bot`;
    const res = await request.post("/contact", {
      form: {
        name: "Bot",
        email: "bot@example.org",
        subject,
        message: "Buy now",
        website: "https://spam.example",
      },
      headers: sender(4),
    });
    expect(res.status()).toBe(200);
    expect(storedWithSubject(subject)).toEqual([]);
  });

  test("a post with missing or unexpected fields is refused with a 400", async ({ request }) => {
    const res = await request.post("/contact", {
      form: { unexpected: "x".repeat(10_000) },
      headers: sender(5),
    });
    expect(res.status()).toBe(400);
  });
});

test("the contact page shows details, office hours and the map, and no unconfigured lead form", async ({
  page,
}) => {
  await page.goto("/contact");
  const details = page.getByRole("region", { name: "Contact Details" });
  await expect(details).toContainText("newsroom@houstoncitywire.com");
  await expect(details).toContainText("(713) 555-0142");
  await expect(details).toContainText("Monday to Friday, 9 a.m. to 5 p.m.");
  // No lead form is configured: its block is left out, not a placeholder.
  await expect(page.getByText("will appear here")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Advertise or Partner With Us" })).toHaveCount(0);
  // The map is a drawing (nothing fetched from a map service, hidden from screen readers) with a
  // link to a real map of the address.
  await expect(page.locator("figure svg")).toHaveAttribute("aria-hidden", "true");
  await expect(
    page.getByRole("link", { name: /^Open in a map \(1001 Main Street, Houston, TX 77002\)/ }),
  ).toHaveAttribute(
    "href",
    "https://www.openstreetmap.org/search?query=1001%20Main%20Street%2C%20Houston%2C%20TX%2077002",
  );
  await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("type", "email");
  // The limits of the store, not copies of them.
  await expect(page.getByLabel("Name", { exact: true })).toHaveAttribute("maxlength", "100");
  await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("maxlength", "254");
  await expect(page.getByLabel("Subject", { exact: true })).toHaveAttribute("maxlength", "150");
  await expect(page.getByLabel("Message", { exact: true })).toHaveAttribute("maxlength", "5000");
});
