import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { pino } from "pino";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SITE_CONTENT, SITES } from "../sites/registry";
import type { SiteConfig } from "../sites/schema";
import { createApp } from "./app";
import type { ContextServices } from "./context";
import type { NewsReader } from "./news/engine";
import { CONTACT_LIMITS } from "./messages/store";

// The app over real HTTP, with the React Router build served by Vite (no production build needed).

let vite: ViteDevServer;
const servers: Server[] = [];

beforeAll(async () => {
  vite = await createServer({
    server: { middlewareMode: true },
    appType: "custom",
    logLevel: "silent",
  });
}, 60_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  await vite.close();
});

interface Started {
  url: string;
  logs: Record<string, unknown>[];
}

async function start(services: Partial<ContextServices> = {}): Promise<Started> {
  const logs: Record<string, unknown>[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => logs.push(JSON.parse(line)) });
  const app = createApp({
    services: {
      site: services.site ?? SITES.houston,
      content: SITE_CONTENT.houston,
      siteUrl: "https://news.example.test",
      isDev: services.isDev ?? true,
      news: services.news ?? emptyNews,
      messages: { submit: () => ({ ok: true as const, id: 1 }), limits: CONTACT_LIMITS },
    },
    logger,
    vite,
  });
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, logs };
}

const emptyNews: NewsReader = {
  getCategory: (category) => ({
    category,
    state: "ready",
    error: null,
    updatedAt: null,
    articles: [],
  }),
  getCategories: (categories) => ({
    categories: [...categories],
    state: "ready",
    error: null,
    updatedAt: null,
    articles: [],
  }),
};

/** A site config whose every field read throws: the root loader fails while rendering. */
const explodingSite = new Proxy({} as SiteConfig, {
  get() {
    throw new Error("the site config exploded");
  },
});

describe("the HTTP app", () => {
  it("answers /healthz", async () => {
    const { url } = await start();
    const res = await fetch(`${url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", site: "houston" });
  });

  it("answers an unknown path with 404 and logs the attempted path", async () => {
    const { url, logs } = await start();
    const res = await fetch(`${url}/no/such/page?x=1`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("We couldn&#x27;t find the page you&#x27;re looking for.");
    expect(logs).toContainEqual(
      expect.objectContaining({ path: "/no/such/page", msg: "page not found" }),
    );
  }, 30_000);

  it("answers 500 with 'Unexpected Application Error!', the message and (in development) the stack", async () => {
    const { url, logs } = await start({ site: explodingSite });
    const res = await fetch(`${url}/weather`);
    const html = await res.text();
    expect(res.status).toBe(500);
    expect(html).toContain("Unexpected Application Error!");
    expect(html).toContain("the site config exploded");
    expect(html).toMatch(/at \S+ \(/); // a stack frame
    expect(logs).toContainEqual(expect.objectContaining({ msg: "request failed", level: 50 }));
  }, 30_000);

  it("in production sends a CSP whose nonce every inline script carries", async () => {
    const { url } = await start({ isDev: false });
    const res = await fetch(`${url}/`);
    const csp = res.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'self'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("permissions-policy")).toContain("camera=()");
    const html = await res.text();
    const scripts = [...html.matchAll(/<script(?![^>]*application\/ld\+json)([^>]*)>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs] of scripts) expect(attrs).toContain(`nonce="${nonce}"`);
  }, 30_000);

  it("gives each response its own nonce", async () => {
    const { url } = await start({ isDev: false });
    const [a, b] = await Promise.all([fetch(`${url}/healthz`), fetch(`${url}/healthz`)]);
    expect(a.headers.get("content-security-policy")).not.toBe(
      b.headers.get("content-security-policy"),
    );
  });
});
