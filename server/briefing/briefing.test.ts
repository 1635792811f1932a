import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type Store } from "../db/open";
import {
  startSmtp,
  type ReceivedMail,
  type TestSmtp,
} from "../../tests/fixture-servers/smtp-server";
import {
  ORIGIN,
  SIX_AM,
  briefingOver,
  clock,
  linkIn,
  local,
  serveRoutes,
  signUp,
} from "../../tests/support/briefing";
import { PENDING_MS } from "./store";

// The morning briefing end to end on loopback: the sign-up form's post, the confirmation mail
// through a real SMTP server (smtp-server, read back with mailparser), the confirmation link,
// the morning's mail and its parts and headers, the one-click unsubscribe, and the caps. SQLite;
// two instances on PostgreSQL are in postgres.test.ts.

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(() => smtp.close());

let db: Store;
let service: ReturnType<typeof briefingOver>;
let site: Awaited<ReturnType<typeof serveRoutes>>;
beforeEach(async () => {
  clock.now = SIX_AM - 6 * 3600_000;
  smtp.mails.length = 0;
  smtp.attempts.clear();
  smtp.rule(undefined);
  db = await openDatabase(":memory:");
  service = briefingOver(db, smtp.url);
  site = await serveRoutes(service);
});
afterEach(async () => {
  await site.close();
  await service.stop();
  await db.close();
});

const to = (address: string) => (mail: ReceivedMail) => mail.to.includes(address);

/**
 * Follows a confirmation link as its reader does: its page (a GET), then the page's button (a
 * post to the form's action, as a browser sends it).
 */
async function pressConfirm(link: string): Promise<Response> {
  const page = await fetch(local(link, site.url));
  expect(page.status).toBe(200);
  const action = /<form method="post" action="([^"]+)">/.exec(await page.text())?.[1];
  expect(action).toBeTruthy();
  return fetch(new URL(String(action).replace(/&amp;/g, "&"), site.url), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "",
  });
}

/** Signs an address up and confirms it with the link of its mail. */
async function subscribe(email: string, options: { spanish?: boolean; reader?: string } = {}) {
  const before = smtp.mails.filter(to(email)).length;
  const answer = await signUp(site.url, email, options);
  expect(answer.status).toBe(200);
  const [mail] = (await smtp.waitFor(before + 1, to(email))).slice(before);
  const link = linkIn(mail?.parsed.text ?? "", "/briefing/confirm");
  const confirmed = await pressConfirm(link);
  expect(confirmed.status).toBe(200);
  return { mail: mail as ReceivedMail, confirmed: await confirmed.text() };
}

async function rows() {
  return db.db.selectFrom("briefing_subscribers").selectAll().execute();
}

describe("signing up", () => {
  it("mails a confirmation link in the edition's language; the link confirms (double opt-in)", async () => {
    const answer = await signUp(site.url, "Reader@Example.org");
    expect(answer.status).toBe(200);
    expect(answer.html).toContain("Check your inbox");
    expect(answer.html).toContain("reader@example.org");
    expect(answer.html).toContain("We keep your address only while you are subscribed");
    const [mail] = await smtp.waitFor(1);
    expect(mail?.to).toEqual(["reader@example.org"]);
    expect(mail?.parsed.subject).toBe("Confirm your Houston City Wire morning briefing");
    expect(mail?.parsed.from?.text).toContain("briefing@houstoncitywire.com");
    // Not subscribed before the click: nothing would be sent.
    expect((await rows())[0]?.confirmed_at).toBeNull();
    const link = linkIn(mail?.parsed.text ?? "", "/briefing/confirm");
    expect(link.startsWith(`${ORIGIN}/briefing/confirm?token=`)).toBe(true);
    expect(mail?.parsed.html).toContain(link.replace(/&/g, "&amp;"));
    // The link's page asks for a press: following it (as mail scanners do) confirms nothing.
    const page = await fetch(local(link, site.url));
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    const asked = await page.text();
    expect(asked).toContain("Confirm your morning briefing");
    expect(asked).toContain("it arrives every morning at 6:00 AM");
    const token = new URL(link).searchParams.get("token") ?? "";
    expect(asked).toContain(
      `<form method="post" action="/briefing/confirm?token=${encodeURIComponent(token)}">`,
    );
    expect(asked).toContain('<button type="submit">Confirm my subscription</button>');
    expect((await fetch(local(link, site.url), { method: "HEAD" })).status).toBe(200);
    expect((await rows())[0]?.confirmed_at).toBeNull();
    // Its button confirms.
    const pressed = await pressConfirm(link);
    expect(pressed.status).toBe(200);
    expect(pressed.headers.get("cache-control")).toBe("no-store");
    expect(await pressed.text()).toContain("You are subscribed");
    expect((await rows())[0]?.confirmed_at).toBe(clock.now);
    expect((await rows())[0]?.client).toBeNull();
    // The link again, later: its page says so, with no button.
    clock.now += 60_000;
    const again = await fetch(local(link, site.url));
    expect(again.status).toBe(200);
    const said = await again.text();
    expect(said).toContain("You are subscribed");
    expect(said).not.toContain("<form");
    expect((await rows())[0]?.confirmed_at).toBe(clock.now - 60_000);
  });

  it("in Spanish on the Spanish edition: its page, its mail, its link under /es", async () => {
    const answer = await signUp(site.url, "lectora@example.org", { spanish: true });
    expect(answer.html).toContain('lang="es"');
    expect(answer.html).toContain("Revise su correo");
    const [mail] = await smtp.waitFor(1);
    expect(mail?.parsed.subject).toBe("Confirme su boletín matutino de Houston City Wire");
    const link = linkIn(mail?.parsed.text ?? "", "/briefing/confirm");
    expect(link.startsWith(`${ORIGIN}/es/briefing/confirm?token=`)).toBe(true);
    const page = await fetch(local(link, site.url));
    const asked = await page.text();
    expect(asked).toContain("Confirme su boletín matutino");
    expect(asked).toContain('action="/es/briefing/confirm?token=');
    expect(asked).toContain("Confirmar mi suscripción");
    expect(await (await pressConfirm(link)).text()).toContain("Ya está suscrito");
    expect((await rows())[0]?.site).toBe("houston.es");
  });

  it("refuses an address that is none with 400 and the error on the page, keeping nothing", async () => {
    for (const bad of ["not an address", "", "a@b", `${"x".repeat(250)}@example.org`]) {
      const answer = await signUp(site.url, bad);
      expect(answer.status, bad).toBe(400);
      expect(answer.html).toContain('role="alert"');
      expect(answer.html).toMatch(/Please enter (a valid|your|a shorter) e-mail address/);
      expect(answer.html).toContain('aria-invalid="true"');
    }
    const spanish = await signUp(site.url, "<script>@x", { spanish: true });
    expect(spanish.status).toBe(400);
    expect(spanish.html).toContain("&lt;script&gt;@x");
    expect(spanish.html).not.toContain("<script>");
    await service.idle();
    expect(await rows()).toHaveLength(0);
    expect(smtp.mails).toHaveLength(0);
  });

  it("a second sign-up of an address sends no second mail and answers the same", async () => {
    const first = await signUp(site.url, "twice@example.org");
    await smtp.waitFor(1);
    const again = await signUp(site.url, "TWICE@example.org");
    expect(again).toEqual(first);
    // Confirmed, it is still the same answer and no mail.
    const link = linkIn(smtp.mails[0]?.parsed.text ?? "", "/briefing/confirm");
    expect((await pressConfirm(link)).status).toBe(200);
    clock.now += 2 * 3600_000;
    const confirmed = await signUp(site.url, "twice@example.org");
    expect(confirmed).toEqual(first);
    await service.idle();
    expect(smtp.mails).toHaveLength(1);
    expect(await rows()).toHaveLength(1);
  });

  it("mails one address at most one confirmation an hour", async () => {
    await signUp(site.url, "hourly@example.org");
    await smtp.waitFor(1);
    clock.now += 59 * 60_000;
    await signUp(site.url, "hourly@example.org", { reader: "198.51.100.7" });
    await service.idle();
    expect(smtp.mails).toHaveLength(1);
    clock.now += 2 * 60_000;
    await signUp(site.url, "hourly@example.org");
    await smtp.waitFor(2);
    // The newer link is the one that works.
    const [old, fresh] = smtp.mails.map((m) => linkIn(m.parsed.text ?? "", "/briefing/confirm"));
    expect((await fetch(local(old as string, site.url))).status).toBe(404);
    expect((await fetch(local(fresh as string, site.url))).status).toBe(200);
  });

  it("caps one reader's unconfirmed sign-ups (an IPv6 /64 is one reader), not another's", async () => {
    const reader = "2001:db8:1:2::1";
    for (let i = 0; i < 3; i++) {
      const answer = await signUp(site.url, `cap${i}@example.org`, { reader });
      expect(answer.status).toBe(200);
    }
    const capped = await signUp(site.url, "cap3@example.org", { reader: "2001:db8:1:2::ffff" });
    expect(capped.status).toBe(429);
    expect(capped.html).toContain("Too many sign-ups from your network today");
    const other = await signUp(site.url, "cap3@example.org", { reader: "2001:db8:1:3::1" });
    expect(other.status).toBe(200);
    await service.idle();
    expect(smtp.mails).toHaveLength(4);
    // A day later the reader may sign up again.
    clock.now += 24 * 3600_000 + 1;
    expect((await signUp(site.url, "cap4@example.org", { reader })).status).toBe(200);
  });

  it("takes nothing from a bot that fills the hidden field, and says the same", async () => {
    const answer = await signUp(site.url, "bot@example.org", { honeypot: "http://spam.example" });
    expect(answer.status).toBe(200);
    expect(answer.html).toContain("Check your inbox");
    await service.idle();
    expect(await rows()).toHaveLength(0);
    expect(smtp.mails).toHaveLength(0);
  });

  it("refuses a post from another site's page (the contact form's Origin rule)", async () => {
    const answer = await signUp(site.url, "csrf@example.org", { origin: "https://evil.example" });
    expect(answer.status).toBe(403);
    expect(await rows()).toHaveLength(0);
  });

  it("forgets a sign-up never confirmed: its link expires after 48 hours and the sweep deletes it", async () => {
    await signUp(site.url, "late@example.org");
    const [mail] = await smtp.waitFor(1);
    clock.now += PENDING_MS + 1;
    const link = linkIn(mail?.parsed.text ?? "", "/briefing/confirm");
    const page = await fetch(local(link, site.url));
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("This link has expired");
    const press = await fetch(local(link, site.url), { method: "POST" });
    expect(press.status).toBe(404);
    expect(await press.text()).toContain("This link has expired");
    expect((await rows())[0]?.confirmed_at).toBeNull();
    expect(await service.store.sweep(clock.now)).toBe(1);
    expect(await rows()).toHaveLength(0);
  });
});

describe("the routes' limits", () => {
  it("shows the form at GET /briefing, refuses a body over 4 KB (413) and other methods (405)", async () => {
    const page = await fetch(`${site.url}/es/briefing`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<form method="post" action="/es/briefing"');
    expect(html).toContain("El boletín matutino");
    const large = await fetch(`${site.url}/briefing`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN },
      body: `email=${"a".repeat(5000)}@example.org`,
    });
    expect(large.status).toBe(413);
    const put = await fetch(`${site.url}/briefing`, { method: "PUT" });
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("GET, HEAD, POST");
    const confirm = await fetch(`${site.url}/briefing/confirm?token=x`, { method: "PUT" });
    expect(confirm.status).toBe(405);
    expect(confirm.headers.get("allow")).toBe("GET, HEAD, POST");
    for (const token of ["x", ""]) {
      const unknown = await fetch(`${site.url}/briefing/confirm?token=${token}`, {
        method: "POST",
      });
      expect(unknown.status, token).toBe(404);
    }
    const largePress = await fetch(`${site.url}/briefing/confirm?token=x`, {
      method: "POST",
      body: "x".repeat(5000),
    });
    expect(largePress.status).toBe(413);
    expect(await rows()).toHaveLength(0);
  });

  it("sends no briefing outside its hours: before BRIEFING_HOUR, or six hours after", async () => {
    await subscribe("window@example.org");
    smtp.mails.length = 0;
    clock.now = SIX_AM + 6 * 3600_000; // noon in Houston: too late for this morning's
    await service.tick();
    expect(smtp.mails).toHaveLength(0);
    clock.now = SIX_AM + 5 * 3600_000 + 59 * 60_000; // 11:59: still this morning's
    await service.tick();
    expect((await smtp.waitFor(1)).map((m) => m.to[0])).toEqual(["window@example.org"]);
  });
});

describe("without SMTP_URL", () => {
  it("shows the form saying sign-ups are closed, and a post keeps nothing", async () => {
    const closed = briefingOver(db, undefined);
    const routes = await serveRoutes(closed);
    try {
      expect(closed.api.open).toBe(false);
      const page = await fetch(`${routes.url}/briefing`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("Sign-ups for the morning briefing are closed for now.");
      const answer = await signUp(routes.url, "closed@example.org");
      expect(answer.status).toBe(503);
      expect(answer.html).toContain("closed for now");
      expect(await rows()).toHaveLength(0);
    } finally {
      await routes.close();
      await closed.stop();
    }
  });
});

describe("the morning briefing", () => {
  it("goes at BRIEFING_HOUR in the city's zone, once, to each confirmed subscriber, in its language", async () => {
    await subscribe("morning@example.org");
    await subscribe("manana@example.org", { spanish: true });
    await signUp(site.url, "unconfirmed@example.org");
    await smtp.waitFor(3);
    smtp.mails.length = 0;
    clock.now = SIX_AM - 60_000; // 5:59 in Houston: not yet.
    await service.tick();
    expect(smtp.mails).toHaveLength(0);
    clock.now = SIX_AM;
    await service.tick();
    const mails = await smtp.waitFor(2);
    await service.tick();
    expect(smtp.mails).toHaveLength(2);
    const en = mails.find(to("morning@example.org"));
    const es = mails.find(to("manana@example.org"));
    expect(en?.parsed.subject).toBe("Houston City Wire morning briefing: Thursday, December 3");
    expect(es?.parsed.subject).toBe(
      "Boletín matutino de Houston City Wire: jueves, 3 de diciembre",
    );
    const text = en?.parsed.text ?? "";
    const html = String(en?.parsed.html);
    // The weather line and the alerts in force.
    expect(text).toContain("61°F, Mostly Cloudy. Today: high 70°, low 55°.");
    expect(text).toContain("Flood Watch until Thu 6:00 PM");
    expect(html).toContain("Flood Watch until Thu 6:00 PM");
    // At least five top stories, each with its outlet and link, in HTML and in text.
    const stories = [
      ...text.matchAll(/^\* (.+) \((.+)\)\n {2}(https:\/\/outlet\.example\.org\/\S+)$/gm),
    ];
    expect(stories.length).toBeGreaterThanOrEqual(5);
    for (const [, title, outlet, link] of stories) {
      expect(html).toContain(`href="${link}"`);
      expect(html).toContain(title);
      expect(html).toContain(outlet);
    }
    // The sections, and the edition's own paths in Spanish.
    expect(text).toContain(`Local: ${ORIGIN}/local-news`);
    expect(es?.parsed.text).toContain(`${ORIGIN}/es/noticias-locales`);
    expect(es?.parsed.text).toContain("Vigilancia de inundación");
    // Unsubscribing: the body's link and RFC 8058's headers.
    const unsubscribe = linkIn(text, "/briefing/unsubscribe");
    expect(html).toContain(`href="${unsubscribe}"`);
    expect(en?.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    const unfolded = (en?.raw ?? "").replace(/\r?\n[ \t]+/g, " ");
    expect(unfolded).toContain(`List-Unsubscribe: <${unsubscribe}>, <mailto:`);
    expect(unfolded).toMatch(
      /List-Unsubscribe: <https:\/\/houstoncitywire\.com\/briefing\/unsubscribe\?token=[^>]+>,\s*<mailto:newsroom@houstoncitywire\.com\?subject=unsubscribe>/,
    );
    expect(es?.parsed.html).toContain('lang="es"');
  });

  it("ends a subscription at one POST to its unsubscribe link; a GET only asks; the next morning skips it", async () => {
    await subscribe("leaving@example.org");
    await subscribe("staying@example.org");
    clock.now = SIX_AM;
    await service.sendCity("houston");
    const mail = smtp.mails.find(
      (m) => to("leaving@example.org")(m) && m.parsed.subject?.includes("morning briefing:"),
    );
    const link = local(linkIn(mail?.parsed.text ?? "", "/briefing/unsubscribe"), site.url);
    // A scanner's GET: a page with a button, nothing ended.
    const asked = await fetch(link);
    expect(asked.status).toBe(200);
    const page = await asked.text();
    expect(page).toContain("Press the button");
    expect(page).toMatch(/<form method="post" action="\/briefing\/unsubscribe\?token=/);
    expect(await rows()).toHaveLength(2);
    // The mail client's one-click POST (RFC 8058), from no page of the site.
    const click = await fetch(link, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(click.status).toBe(200);
    expect(await click.text()).toContain("You are unsubscribed");
    const kept = await rows();
    expect(kept.map((r) => r.email)).toEqual(["staying@example.org"]);
    expect(await db.db.selectFrom("briefing_sends").selectAll().execute()).toHaveLength(1);
    expect((await fetch(link)).status).toBe(404);
    // A forged token ends nothing.
    const forged = link.replace(/token=[^.]+/, "token=someone-else");
    await fetch(forged, { method: "POST", body: "List-Unsubscribe=One-Click" });
    expect(await rows()).toHaveLength(1);
    smtp.mails.length = 0;
    clock.now = SIX_AM + 86_400_000;
    await service.tick();
    const next = await smtp.waitFor(1);
    expect(next.map((m) => m.to[0])).toEqual(["staying@example.org"]);
  });

  it("tries a 4xx again with backoff, and ends an address a 5xx refuses", async () => {
    await subscribe("greylisted@example.org");
    await subscribe("gone@example.org");
    let refusals = 2;
    smtp.rule((address) => {
      if (address === "gone@example.org") return 550;
      if (address === "greylisted@example.org" && refusals-- > 0) return 451;
      return undefined;
    });
    clock.now = SIX_AM;
    const tally = await service.sendCity("houston");
    expect(tally).toMatchObject({ sent: 1, rejected: 1, failed: 0 });
    expect(smtp.attempts.get("greylisted@example.org")).toBe(4); // its confirmation, then 3
    expect(smtp.mails.filter(to("greylisted@example.org"))).toHaveLength(2);
    expect((await rows()).map((r) => r.email)).toEqual(["greylisted@example.org"]);
  });
});
