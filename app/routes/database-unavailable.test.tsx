// @vitest-environment happy-dom
import { routerContext } from "~/lib/city-context";
import type { LoadContext } from "../../server/context";
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub, type UNSAFE_DataWithResponseInit } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CONTACT_LIMITS, cityServices } from "../../tests/support/cities";
import { fixtureCity, hostOf } from "../../tests/support/fixture-city";
import { fixedNews } from "../../tests/support/news";
import type { DatabaseUnavailableError } from "../../server/db/health";
import type { CityMessages } from "../../server/messages/store";
import type { NewsReader } from "../../server/news/engine";
import { ContactForm, type ContactResult } from "~/components/contact-form";
import type * as RootData from "~/lib/root-data";
import { DATABASE_UNAVAILABLE, NOT_SENT, RETRY_AFTER_S } from "~/lib/database.server";
import { action as contactAction } from "./contact";
import { loader as articlesLoader } from "./api.articles";
import { loader as searchLoader } from "./search";

// What readers get while the database is away: a contact message kept in the form with a clear
// "not sent" (503), and a 503 with a clear message from what must read the database.

afterEach(cleanup);

// The contact form names its island (IslandScript reads where it is served from the root's data).
vi.mock("~/lib/root-data", async (importOriginal) => ({
  ...(await importOriginal<typeof RootData>()),
  useSite: () => ({ islands: { contact: "/assets/island-contact.js" } }),
}));

/** The server's error for a database away (server/db/health.ts), as a page receives it. */
const away = () => {
  const name: DatabaseUnavailableError["name"] = "DatabaseUnavailableError";
  return Object.assign(new Error("Database unavailable: connect ECONNREFUSED 127.0.0.1:5432"), {
    name,
  });
};

const TYPED = {
  name: "Ana Ruiz",
  email: "ana@example.org",
  subject: "Flooded underpass",
  message: "The Main Street underpass has a foot of water in it since this morning.",
};

/** The city the pages are of (tests/support/fixture-city.ts), and its address. */
const CITY = fixtureCity();
const SITE = `https://${hostOf(CITY)}`;

/** A load context of the city with the news and messages given, and a log to look at. */
function context(news: NewsReader, messages?: CityMessages) {
  const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn(), debug: vi.fn() };
  const city = cityServices(CITY, { news, messages });
  return {
    log,
    context: routerContext({
      ...city,
      now: Date.parse("2026-11-25T12:00:00Z"),
      isDev: false,
      embedPlaceholders: false,
      clientAddress: "203.0.113.5",
      log,
    } as unknown as LoadContext),
  };
}

type Answer<T> = UNSAFE_DataWithResponseInit<T>;

async function post(messages: CityMessages) {
  const request = new Request(`${SITE}/contact`, {
    method: "POST",
    body: new URLSearchParams(TYPED),
  });
  const { context: ctx, log } = context(fixedNews(), messages);
  const answer = (await contactAction({
    request,
    context: ctx,
    params: {},
  } as never)) as Answer<ContactResult>;
  return { answer, log };
}

describe("the contact form while the database is away", () => {
  it("answers 503, says the message was NOT sent and keeps what was written (store says unavailable)", async () => {
    const { answer } = await post({
      submit: async () => ({ ok: false, reason: "unavailable" }),
      limits: CONTACT_LIMITS,
    });
    expect(answer.init?.status).toBe(503);
    const headers = new Headers(answer.init?.headers);
    expect(headers.get("Retry-After")).toBe(String(RETRY_AFTER_S));
    expect(headers.get("Cache-Control")).toMatch(/no-store/);
    expect(answer.data).toEqual({ ok: false, errors: { message: NOT_SENT }, values: TYPED });
  });

  it("answers 503 too when the store's failure itself arrives (from a render worker: by name)", async () => {
    const { answer, log } = await post({
      submit: () => Promise.reject(away()),
      limits: CONTACT_LIMITS,
    });
    expect(answer.init?.status).toBe(503);
    expect(answer.data).toEqual({ ok: false, errors: { message: NOT_SENT }, values: TYPED });
    expect(log.error).not.toHaveBeenCalled();
  });

  it("keeps what was written after any other failure of the store too (500, logged)", async () => {
    const { answer, log } = await post({
      submit: () => Promise.reject(new Error("disk I/O error")),
      limits: CONTACT_LIMITS,
    });
    expect(answer.init?.status).toBe(500);
    expect(answer.data).toEqual({ ok: false, errors: { message: NOT_SENT }, values: TYPED });
    expect(log.error).toHaveBeenCalledOnce();
  });

  it("shows the form again with the reader's text and the message that it was not sent", async () => {
    const { answer } = await post({
      submit: async () => ({ ok: false, reason: "unavailable" }),
      limits: CONTACT_LIMITS,
    });
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: () => <ContactForm result={answer.data} limits={CONTACT_LIMITS} />,
      },
    ]);
    render(<Stub />);
    expect(await screen.findByText(NOT_SENT)).toBeTruthy();
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe(TYPED.name);
    expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe(TYPED.email);
    expect((screen.getByLabelText("Subject") as HTMLInputElement).value).toBe(TYPED.subject);
    expect((screen.getByLabelText("Message") as HTMLTextAreaElement).value).toBe(TYPED.message);
    expect(screen.queryByRole("status")).toBeNull();
  });
});

describe("what reads the database while it is away", () => {
  it("/api/articles: 503 with a clear message in its JSON, not stored by caches", async () => {
    const news = { ...fixedNews(), getCategories: () => Promise.reject(away()) };
    const request = new Request(`${SITE}/api/articles?category=local`);
    const answer = (await articlesLoader({
      request,
      context: context(news).context,
      params: {},
    } as never)) as Answer<{ error: string }>;
    expect(answer.init?.status).toBe(503);
    expect(answer.data).toEqual({ error: DATABASE_UNAVAILABLE });
    const headers = new Headers(answer.init?.headers);
    expect(headers.get("Retry-After")).toBe(String(RETRY_AFTER_S));
    expect(headers.get("Cache-Control")).toMatch(/no-store/);
  });

  it("/search: a 503 thrown with a clear message (the error page shows it)", async () => {
    const news = { ...fixedNews(), search: () => Promise.reject(away()) };
    const request = new Request(`${SITE}/search?q=levee`);
    const thrown = await searchLoader({
      request,
      context: context(news).context,
      params: {},
    } as never).then(
      () => undefined,
      (err: unknown) => err as Answer<string>,
    );
    expect(thrown?.init?.status).toBe(503);
    expect(thrown?.data).toBe(DATABASE_UNAVAILABLE);
  });

  it("/search: any other failure stays what it was (a 500)", async () => {
    const news = { ...fixedNews(), search: () => Promise.reject(new Error("bug")) };
    const request = new Request(`${SITE}/search?q=levee`);
    await expect(
      searchLoader({ request, context: context(news).context, params: {} } as never),
    ).rejects.toThrow("bug");
  });
});
