import { expect, test } from "@playwright/test";
import { waitForIslands } from "./helpers";

// Pages rendered once and served from the server's page cache, with headers a CDN can trust,
// and a CSP (hashes of the page's own inline scripts) that still stops an injected script.

test("a page is rendered once, then served from the cache with an ETag, and a 304 for it", async ({
  request,
}) => {
  // A page of this test's own: a key no other test has filled (a page older than its maximum
  // age is served stale once while it is rendered again, which would make the two differ). The
  // query is one the page reads: any other is dropped from the key (server/http/pages/cache-key.ts).
  const path = "/search?q=cache-test";
  const first = await request.get(path);
  expect(first.status()).toBe(200);
  expect(first.headers()["x-cache"]).toBe("miss");
  const second = await request.get(path);
  expect(second.headers()["x-cache"]).toBe("hit");
  expect(await second.text()).toBe(await first.text());
  const headers = second.headers();
  expect(headers["cache-control"]).toBe(
    "public, max-age=60, s-maxage=60, stale-while-revalidate=300",
  );
  expect(headers.vary).toBe("Accept-Encoding");
  expect(headers.etag).toMatch(/^"[\w-]+"$/);
  const revalidated = await request.get(path, {
    headers: { "If-None-Match": headers.etag ?? "" },
  });
  expect(revalidated.status()).toBe(304);
  expect(revalidated.headers().etag).toBe(headers.etag);
});

test("each encoding of a page has its own validator", async ({ request }) => {
  const br = await request.get("/faq", { headers: { "Accept-Encoding": "br" } });
  const gzip = await request.get("/faq", { headers: { "Accept-Encoding": "gzip" } });
  const plain = await request.get("/faq", { headers: { "Accept-Encoding": "identity" } });
  expect(br.headers()["content-encoding"]).toBe("br");
  expect(gzip.headers()["content-encoding"]).toBe("gzip");
  expect(plain.headers()["content-encoding"]).toBeUndefined();
  const tags = [br, gzip, plain].map((r) => r.headers().etag);
  expect(new Set(tags).size).toBe(3);
});

test("a page kept compressed is the same page for every reader, compressed or not", async ({
  request,
}) => {
  // A current copy (an earlier test may have left it older than a minute: made again first).
  await expect
    .poll(
      async () =>
        (await request.get("/faq", { headers: { "Accept-Encoding": "br" } })).headers()["x-cache"],
    )
    .toBe("hit");
  const answers = await Promise.all(
    ["br", "gzip", "identity"].map((coding) =>
      request.get("/faq", { headers: { "Accept-Encoding": coding } }),
    ),
  );
  // One cached page (the same validator under each encoding's suffix), one text.
  const base = (answer: (typeof answers)[number]) =>
    answer.headers().etag?.replace(/-(br|gzip)"$/, '"');
  expect(new Set(answers.map(base)).size).toBe(1);
  const [br, gzip, plain] = await Promise.all(answers.map((answer) => answer.text()));
  expect(plain).toContain("Frequently Asked Questions");
  expect(answers[2]?.headers()["content-encoding"]).toBeUndefined();
  expect(br).toBe(plain);
  expect(gzip).toBe(plain);
});

test("a form's answer is never cached; the form's page is", async ({ request }) => {
  // An earlier test may have left it older than a minute: served stale once, then made again.
  await request.get("/contact");
  await expect.poll(async () => (await request.get("/contact")).headers()["x-cache"]).toBe("hit");
  const post = await request.post("/contact", {
    form: { name: "", email: "", subject: "", message: "" },
    headers: { "X-Forwarded-For": "198.51.100.40" },
  });
  expect(post.status()).toBe(400);
  expect(post.headers()["cache-control"]).toBe("no-store");
  expect(post.headers()["x-cache"]).toBe("pass");
});

test("the CSP lets the page's islands run from the site, and blocks a script injected later", async ({
  page,
}) => {
  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.goto("/world-news");
  await page.goto("/world-news"); // from the cache
  const csp = (await page.request.get("/world-news")).headers()["content-security-policy"] ?? "";
  // Scripts come from the site only (the islands' modules); none inline is allowed unhashed.
  const scriptSrc = /script-src [^;]*/.exec(csp)?.[0] ?? "";
  expect(scriptSrc).toMatch(/^script-src 'self'/);
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  // Every island of the page started under that policy (the page is interactive).
  await waitForIslands(page);
  expect(await page.locator("script[data-island]").count()).toBeGreaterThan(0);
  expect(violations).toEqual([]);
  const ran = await page.evaluate(async () => {
    const blocked = new Promise<string>((resolve) =>
      document.addEventListener("securitypolicyviolation", (e) => resolve(e.violatedDirective), {
        once: true,
      }),
    );
    const script = document.createElement("script");
    script.textContent = "window.__injected = true;";
    document.body.appendChild(script);
    return { directive: await blocked, injected: (window as { __injected?: boolean }).__injected };
  });
  expect(ran.injected).toBeUndefined();
  expect(ran.directive).toMatch(/^script-src/);
});
