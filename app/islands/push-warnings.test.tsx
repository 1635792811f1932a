// @vitest-environment happy-dom
// The page's island scripts are not fetched (the test drives the island's module itself).
// @vitest-environment-options {"settings":{"disableJavaScriptFileLoading":true,"handleDisabledFileLoadingAsSuccess":true}}
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PushWords } from "./lib/push-warnings";

// Warnings by push (issue 52), the reader's side: the form as the server renders it in each
// edition, and the island's states with the browser's push parts and the server's API mocked.

const root = {
  site: { id: "houston", locale: "en-US" },
  edition: { path: "", alternates: [] } as { path: string; alternates: [] },
  islands: { "push-warnings": "/assets/island-push-warnings.js" },
};
vi.mock("~/lib/root-data", () => ({ useRootData: () => root, useSite: () => root }));
const { PushWarnings } = await import("~/components/push-warnings");
const { keyBytes, pushApi, startPushWarnings, storageKey, failureText, PUSH_SECTION } =
  await import("./lib/push-warnings");
const { propsOf } = await import("./lib/ready");

const ENGLISH = [
  { code: "TXZ213", name: "Inland Harris" },
  { code: "TXC201", name: "Harris County" },
];
const SPANISH = [
  { code: "TXZ213", name: "Interior de Harris" },
  { code: "TXC201", name: "Condado de Harris" },
];

/** A P-256 public key as the server gives it (65 bytes, uncompressed: 0x04, x, y). */
const KEY_BYTES = Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : (i * 37) % 256));
const KEY = Buffer.from(KEY_BYTES).toString("base64url");
const ENDPOINT = "https://push.example.test/send/abc123";
const SUBSCRIPTION_JSON = {
  endpoint: ENDPOINT,
  expirationTime: null,
  keys: { p256dh: "BPub-key_value", auth: "c2VjcmV0LXNlY3JldA" },
};

/** The element a selector finds (the test fails when there is none). */
function one<T extends Element = Element>(parent: ParentNode, selector: string): T {
  const element = parent.querySelector<T>(selector);
  if (!element) throw new Error(`no ${selector}`);
  return element;
}

/** Renders the form in an edition (its locale and prefix) into the page. */
function renderIn(locale: "en-US" | "es-US"): HTMLElement {
  root.site = { id: locale === "en-US" ? "houston" : "houston.es", locale };
  root.edition = { path: locale === "en-US" ? "" : "/es", alternates: [] };
  document.body.innerHTML = renderToStaticMarkup(
    <PushWarnings zones={locale === "en-US" ? ENGLISH : SPANISH} />,
  );
  return one<HTMLElement>(document, PUSH_SECTION);
}

/** The browser's push parts: a worker registration whose push manager subscribes. */
function browser({
  permission = "default" as NotificationPermission,
  answer = "granted" as NotificationPermission,
  subscribed = false,
} = {}) {
  let current: {
    endpoint: string;
    toJSON: () => unknown;
    unsubscribe: () => Promise<boolean>;
  } | null = null;
  const subscription = {
    endpoint: ENDPOINT,
    toJSON: () => SUBSCRIPTION_JSON,
    unsubscribe: vi.fn(async () => {
      current = null;
      return true;
    }),
  };
  if (subscribed) current = subscription;
  const pushManager = {
    subscribe: vi.fn(async () => (current = subscription)),
    getSubscription: vi.fn(async () => current),
  };
  const registration = { pushManager };
  const serviceWorker = {
    register: vi.fn(async () => registration),
    ready: Promise.resolve(registration),
    getRegistration: vi.fn(async () => registration),
  };
  Object.defineProperty(navigator, "serviceWorker", { value: serviceWorker, configurable: true });
  const notification = {
    permission,
    requestPermission: vi.fn(async () => {
      notification.permission = answer;
      return answer;
    }),
  };
  vi.stubGlobal("PushManager", function PushManager() {});
  vi.stubGlobal("Notification", notification);
  return { serviceWorker, pushManager, subscription, notification };
}

/** The server: the key, and what it answers to a subscription's post and delete. */
function server({
  post = { status: 201, body: { zones: ["TXZ213"] } as unknown },
  key = { status: 200, body: { publicKey: KEY } as unknown },
} = {}) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const json = (status: number, body: unknown) =>
      new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { "content-type": "application/json" },
      });
    if (url.endsWith("/api/push/key")) return json(key.status, key.body);
    if (init?.method === "POST") return json(post.status, post.body);
    if (init?.method === "DELETE") return new Response(null, { status: 204 });
    return json(404, { error: "not-found", message: "Not found" });
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

const button = (section: HTMLElement, action: string) =>
  one<HTMLButtonElement>(section, `button[data-push-action=${action}]`);
const status = (section: HTMLElement) => one(section, "[role=status]").textContent;
const box = (section: HTMLElement, code: string) =>
  one<HTMLInputElement>(section, `input[value=${code}]`);
const visible = (element: HTMLElement) => !element.closest("[hidden]");
/** The buttons a reader could press now. */
const pressable = (section: HTMLElement) =>
  [...section.querySelectorAll<HTMLButtonElement>("button")].filter(
    (b) => visible(b) && !b.disabled && b.getAttribute("aria-disabled") !== "true",
  );

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  document.body.innerHTML = "";
});

describe("the form as the server renders it", () => {
  it("in English: its heading, the zones by name (the most local ticked), its button and note", () => {
    const section = renderIn("en-US");
    expect(section.querySelector("h3")?.textContent).toBe("Warnings on this device");
    expect(section.getAttribute("aria-labelledby")).toBe(section.querySelector("h3")?.id);
    expect(section.querySelector("fieldset legend")?.textContent).toBe("Warn me about:");
    const boxes = [...section.querySelectorAll<HTMLInputElement>("input[type=checkbox]")];
    expect(boxes.map((b) => [b.value, b.closest("label")?.textContent, b.checked])).toEqual([
      ["TXZ213", "Inland Harris", true],
      ["TXC201", "Harris County", false],
    ]);
    expect(button(section, "on").textContent).toBe("Turn on warnings");
    expect(button(section, "change").hidden).toBe(true);
    expect(button(section, "off").hidden).toBe(true);
    expect(section.textContent).toContain("even when this site is closed");
    expect(section.querySelector("[role=status]")).not.toBeNull();
    // Shown only where a script runs (no dead button without JavaScript).
    expect(section.className).toContain("noscript:hidden");
    expect(section.dataset.base).toBe("");
    expect(section.dataset.site).toBe("houston");
    expect(section.querySelector("script[data-island=push-warnings]")).not.toBeNull();
  });

  it("in Spanish: the same form in the edition's words, its API under /es", () => {
    const section = renderIn("es-US");
    expect(section.querySelector("h3")?.textContent).toBe("Avisos en este dispositivo");
    expect(section.querySelector("legend")?.textContent).toBe("Avisarme sobre:");
    expect([...section.querySelectorAll("label")].map((label) => label.textContent)).toEqual([
      "Interior de Harris",
      "Condado de Harris",
    ]);
    expect(button(section, "on").textContent).toBe("Activar avisos");
    expect(button(section, "change").textContent).toBe("Cambiar");
    expect(button(section, "off").textContent).toBe("Desactivar");
    expect(section.textContent).toContain("aunque este sitio esté cerrado");
    expect(section.dataset.base).toBe("/es");
    // One choice for the city's editions (one service worker on its host).
    expect(section.dataset.site).toBe("houston");
    // Its words, as JSON after it: in an attribute each quote was written &quot;.
    expect(section.hasAttribute("data-words")).toBe(false);
    expect(propsOf(section)).toMatchObject({ on: "Avisos activados para: {zones}" });
  });

  it("is not there for a city without zones", () => {
    root.site = { id: "houston", locale: "en-US" };
    expect(renderToStaticMarkup(<PushWarnings zones={undefined} />)).toBe("");
    expect(renderToStaticMarkup(<PushWarnings zones={[]} />)).toBe("");
  });
});

describe("the island's parts", () => {
  it("asks the edition's API: /api/push/… for English, /es/api/push/… for Spanish", () => {
    expect(pushApi("", "key")).toBe("/api/push/key");
    expect(pushApi("", "subscriptions")).toBe("/api/push/subscriptions");
    expect(pushApi("/es", "key")).toBe("/es/api/push/key");
    expect(pushApi("/es", "subscriptions")).toBe("/es/api/push/subscriptions");
  });

  it("turns the key from base64url into its bytes (padded or not)", () => {
    const bytes = keyBytes(KEY);
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect([...bytes]).toEqual([...KEY_BYTES]);
    expect([...keyBytes("-_8")]).toEqual([0xfb, 0xff]);
    expect([...keyBytes("-_8=")]).toEqual([0xfb, 0xff]);
    expect([...keyBytes("AQID")]).toEqual([1, 2, 3]);
    expect(() => keyBytes("not a key!")).toThrow();
    expect(() => keyBytes("A")).toThrow();
  });

  it("keeps one choice per city", () => {
    expect(storageKey("houston")).toBe("push-warnings:houston");
  });

  it("maps the server's error codes to the page's words", () => {
    const words = propsOf<PushWords>(renderIn("es-US")) as PushWords;
    expect(failureText("unknown-zones", words)).toBe(words.failedZones);
    expect(failureText("too-many", words)).toBe(words.failedTooMany);
    expect(failureText("unavailable", words)).toBe(words.failedUnavailable);
    expect(failureText("bad-keys", words)).toBe(words.failedBrowser);
    expect(failureText("bad-json", words)).toBe(words.failed);
    expect(failureText(undefined, words)).toBe(words.failed);
  });
});

describe("the island", () => {
  it("hides the form where the browser cannot push: nothing to click", () => {
    const section = renderIn("en-US");
    // No service worker, no PushManager (happy-dom has neither).
    expect(startPushWarnings(section).shown).toBe(false);
    expect(section.hidden).toBe(true);
    expect(pressable(section)).toEqual([]);
  });

  it("hides it where there is a service worker but no PushManager (Safari outside a Home Screen app)", () => {
    const section = renderIn("en-US");
    browser();
    vi.stubGlobal("PushManager", undefined);
    delete (window as { PushManager?: unknown }).PushManager;
    expect(startPushWarnings(section).shown).toBe(false);
    expect(section.hidden).toBe(true);
  });

  it("hides it where its words cannot be read (cut off, or not JSON), as if it could not push", () => {
    for (const words of [null, "{not json"]) {
      const section = renderIn("en-US");
      browser();
      const json = section.nextElementSibling as HTMLScriptElement;
      if (words === null) json.remove();
      else json.textContent = words;
      expect(startPushWarnings(section).shown).toBe(false);
      expect(section.hidden).toBe(true);
      expect(pressable(section)).toEqual([]);
    }
  });

  it("says why where notifications are blocked, with no button", () => {
    const section = renderIn("en-US");
    browser({ permission: "denied" });
    startPushWarnings(section);
    expect(section.hidden).toBe(false);
    expect(status(section)).toContain("Your browser blocks notifications from this site");
    expect(pressable(section)).toEqual([]);
    expect(section.querySelector("fieldset")?.hidden).toBe(true);
  });

  it("turns warnings on: permission, the key, subscribe, and the contract's JSON posted", async () => {
    const section = renderIn("en-US");
    const { pushManager, serviceWorker, notification } = browser();
    const fetch = server({ post: { status: 201, body: { zones: ["TXZ213", "TXC201"] } } });
    startPushWarnings(section);
    expect(section.dataset.state).toBe("idle");
    box(section, "TXC201").checked = true;
    button(section, "on").focus();
    button(section, "on").click();
    // At once, in the click: the browser's question, the button busy (and still focused).
    expect(notification.requestPermission).toHaveBeenCalledOnce();
    expect(status(section)).toBe("Asking your browser for permission to show notifications…");
    expect(button(section, "on").getAttribute("aria-disabled")).toBe("true");
    expect(pressable(section)).toEqual([]);
    await vi.waitFor(() => expect(section.dataset.state).toBe("on"));

    expect(fetch.mock.calls[0]?.[0]).toBe("/api/push/key");
    expect(serviceWorker.register).toHaveBeenCalledWith("/sw.js");
    expect(pushManager.subscribe).toHaveBeenCalledOnce();
    const options = pushManager.subscribe.mock.calls[0] as unknown as [
      { userVisibleOnly: boolean; applicationServerKey: Uint8Array },
    ];
    expect(options[0].userVisibleOnly).toBe(true);
    expect([...options[0].applicationServerKey]).toEqual([...KEY_BYTES]);

    const [url, init] = fetch.mock.calls[1] as [string, RequestInit];
    expect(url).toBe("/api/push/subscriptions");
    expect(init.method).toBe("POST");
    expect(new Headers(init.headers).get("content-type")).toBe("application/json");
    expect(JSON.parse(init.body as string)).toEqual({
      subscription: SUBSCRIPTION_JSON,
      zones: ["TXZ213", "TXC201"],
    });

    expect(status(section)).toBe("Warnings on for: Inland Harris, Harris County");
    expect(button(section, "on").hidden).toBe(true);
    expect(pressable(section).map((b) => b.textContent)).toEqual(["Change", "Turn off"]);
    // The focus, on the button now hidden, goes to the one that undoes it.
    expect(document.activeElement).toBe(button(section, "off"));
    expect(JSON.parse(localStorage.getItem("push-warnings:houston") ?? "")).toEqual({
      endpoint: ENDPOINT,
      zones: ["TXZ213", "TXC201"],
    });
  });

  it("posts to the Spanish edition's API and says so in Spanish", async () => {
    const section = renderIn("es-US");
    browser({ permission: "granted" });
    const fetch = server({ post: { status: 200, body: { zones: ["TXZ213"] } } });
    startPushWarnings(section);
    button(section, "on").click();
    await vi.waitFor(() => expect(section.dataset.state).toBe("on"));
    expect(fetch.mock.calls.map((c) => c[0])).toEqual([
      "/es/api/push/key",
      "/es/api/push/subscriptions",
    ]);
    expect(status(section)).toBe("Avisos activados para: Interior de Harris");
  });

  it("changes the zones: the same subscription posted again with the boxes ticked now", async () => {
    const section = renderIn("en-US");
    const { pushManager } = browser({ permission: "granted" });
    const fetch = server({ post: { status: 201, body: { zones: ["TXZ213"] } } });
    startPushWarnings(section);
    button(section, "on").click();
    await vi.waitFor(() => expect(section.dataset.state).toBe("on"));
    fetch.mockClear();
    server({ post: { status: 200, body: { zones: ["TXC201"] } } });
    box(section, "TXZ213").checked = false;
    box(section, "TXC201").checked = true;
    button(section, "change").click();
    await vi.waitFor(() => expect(status(section)).toBe("Warnings on for: Harris County"));
    const post = vi.mocked(globalThis.fetch).mock.calls.find((c) => c[1]?.method === "POST");
    expect(JSON.parse(post?.[1]?.body as string).zones).toEqual(["TXC201"]);
    expect(pushManager.subscribe).toHaveBeenCalledTimes(2);
  });

  it("turns warnings off: unsubscribed in the browser, DELETE with the endpoint", async () => {
    localStorage.setItem(
      "push-warnings:houston",
      JSON.stringify({ endpoint: ENDPOINT, zones: ["TXZ213"] }),
    );
    const section = renderIn("en-US");
    const { subscription } = browser({ permission: "granted", subscribed: true });
    const fetch = server();
    const { checked } = startPushWarnings(section);
    // A returning reader sees "on".
    expect(section.dataset.state).toBe("on");
    expect(status(section)).toBe("Warnings on for: Inland Harris");
    await checked;
    expect(section.dataset.state).toBe("on");
    button(section, "off").click();
    await vi.waitFor(() => expect(section.dataset.state).toBe("idle"));
    expect(subscription.unsubscribe).toHaveBeenCalledOnce();
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("/api/push/subscriptions");
    expect(init.method).toBe("DELETE");
    expect(JSON.parse(init.body as string)).toEqual({ endpoint: ENDPOINT });
    expect(status(section)).toBe("Warnings are off on this device.");
    expect(localStorage.getItem("push-warnings:houston")).toBeNull();
    expect(pressable(section).map((b) => b.textContent)).toEqual(["Turn on warnings"]);
  });

  it("turns off without the network: the browser's unsubscribing is enough", async () => {
    localStorage.setItem(
      "push-warnings:houston",
      JSON.stringify({ endpoint: ENDPOINT, zones: ["TXZ213"] }),
    );
    const section = renderIn("en-US");
    const { subscription } = browser({ permission: "granted", subscribed: true });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    await startPushWarnings(section).checked;
    button(section, "off").click();
    await vi.waitFor(() => expect(section.dataset.state).toBe("idle"));
    expect(subscription.unsubscribe).toHaveBeenCalledOnce();
    expect(status(section)).toBe("Warnings are off on this device.");
  });

  it("stays on, and says so, when neither the server nor the browser could turn it off", async () => {
    localStorage.setItem(
      "push-warnings:houston",
      JSON.stringify({ endpoint: ENDPOINT, zones: ["TXZ213"] }),
    );
    const section = renderIn("en-US");
    const { subscription } = browser({ permission: "granted", subscribed: true });
    subscription.unsubscribe.mockRejectedValue(new Error("no"));
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(null, { status: 503 })),
    );
    await startPushWarnings(section).checked;
    button(section, "off").click();
    await vi.waitFor(() =>
      expect(status(section)).toBe("Warnings could not be turned off. Please try again."),
    );
    expect(section.dataset.state).toBe("on");
    expect(localStorage.getItem("push-warnings:houston")).not.toBeNull();
  });

  it("shows a returning reader's stored choice as off when the browser no longer has it", async () => {
    localStorage.setItem(
      "push-warnings:houston",
      JSON.stringify({ endpoint: ENDPOINT, zones: ["TXZ213"] }),
    );
    const section = renderIn("en-US");
    browser({ permission: "granted", subscribed: false });
    await startPushWarnings(section).checked;
    expect(section.dataset.state).toBe("idle");
    expect(localStorage.getItem("push-warnings:houston")).toBeNull();
  });

  it("shows a refusal of the server in the edition's language", async () => {
    const section = renderIn("es-US");
    browser({ permission: "granted" });
    server({
      post: {
        status: 400,
        body: { error: "unknown-zones", message: "Unknown zones: TXZ999" },
      },
    });
    startPushWarnings(section);
    button(section, "on").click();
    await vi.waitFor(() =>
      expect(status(section)).toBe(
        "Una de estas zonas ya no se ofrece. Vuelva a cargar la página y elija de nuevo.",
      ),
    );
    expect(section.dataset.state).toBe("idle");
    expect(pressable(section).map((b) => b.textContent)).toEqual(["Activar avisos"]);
    expect(localStorage.getItem("push-warnings:houston")).toBeNull();
  });

  it("says when push is off on the server (503 for the key)", async () => {
    const section = renderIn("en-US");
    browser({ permission: "granted" });
    server({ key: { status: 503, body: { error: "unavailable", message: "Push is off" } } });
    startPushWarnings(section);
    button(section, "on").click();
    await vi.waitFor(() =>
      expect(status(section)).toBe(
        "Warnings by notification are not available right now. Please try again later.",
      ),
    );
  });

  it("refused permission: says notifications are blocked, and offers no button", async () => {
    const section = renderIn("en-US");
    const { pushManager } = browser({ answer: "denied" });
    const fetch = server();
    startPushWarnings(section);
    button(section, "on").click();
    await vi.waitFor(() => expect(section.dataset.state).toBe("blocked"));
    expect(status(section)).toContain("Your browser blocks notifications");
    expect(pressable(section)).toEqual([]);
    expect(pushManager.subscribe).not.toHaveBeenCalled();
    // The key may have been asked for meanwhile; nothing was posted.
    expect(fetch.mock.calls.filter((c) => c[1]?.method === "POST")).toEqual([]);
  });

  it("the question closed without an answer: says so, the button stays", async () => {
    const section = renderIn("en-US");
    browser({ answer: "default" });
    server();
    startPushWarnings(section);
    button(section, "on").click();
    await vi.waitFor(() => expect(section.dataset.state).toBe("idle"));
    expect(status(section)).toContain("Warnings are not on");
    expect(pressable(section).map((b) => b.textContent)).toEqual(["Turn on warnings"]);
  });

  it("asks for a zone when none is ticked", () => {
    const section = renderIn("en-US");
    const { notification } = browser();
    startPushWarnings(section);
    box(section, "TXZ213").checked = false;
    button(section, "on").click();
    expect(status(section)).toBe("Choose at least one area.");
    expect(notification.requestPermission).not.toHaveBeenCalled();
  });
});
