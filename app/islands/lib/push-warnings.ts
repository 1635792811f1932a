/**
 * Warnings by Web Push, the reader's side (issue 52): the "Warn me about" form that PushWarnings
 * (app/components/push-warnings.tsx) renders on /weather and in storm mode is made to work here.
 * A click on "Turn on warnings" asks the browser for permission, subscribes the site's service
 * worker (/sw.js, which shows the notifications) with the edition's key and posts the
 * subscription with the zones ticked to the edition's API (`{base}/api/push/subscriptions`);
 * "Change" posts it again with the zones ticked now, "Turn off" unsubscribes it in the browser and
 * on the server. The choice is kept in localStorage, so that a returning reader sees "on".
 *
 * The form shows only where a script runs (`noscript:hidden`); where the browser cannot push
 * (no service worker or no PushManager: an iPhone's Safari outside a Home Screen app) it is
 * hidden again, and where notifications are blocked it says so, with no button.
 */
import { propsOf } from "./ready";

/** The form's words in the page's language, from the JSON after it (pushWords, on the server). */
export interface PushWords {
  /** Permission is being asked for. */
  asking: string;
  /** Subscribing and telling the server. */
  working: string;
  /** On, with the zones' names: "Warnings on for: {zones}". */
  on: string;
  /** Turned off. */
  off: string;
  /** Being turned off. */
  turningOff: string;
  /** The browser blocks notifications from the site (nothing the page can do). */
  blocked: string;
  /** The reader closed the browser's question without an answer. */
  dismissed: string;
  /** No zone ticked. */
  chooseZone: string;
  /** Any other failure. */
  failed: string;
  /** The server has push off ("unavailable"). */
  failedUnavailable: string;
  /** Too many subscriptions ("too-many"). */
  failedTooMany: string;
  /** A zone the server does not know ("unknown-zones"). */
  failedZones: string;
  /** The browser's push service gave what the server refuses ("bad-endpoint", "bad-keys"). */
  failedBrowser: string;
  /** Turning off failed. */
  offFailed: string;
}

/** The form's section (PushWarnings). */
export const PUSH_SECTION = "section[data-push-warnings]";
/** The service worker the site serves (scope /): it shows the notifications. */
export const SERVICE_WORKER = "/sw.js";
/** How long subscribing may wait for the service worker to be active. */
export const READY_TIMEOUT_MS = 15_000;

/** What localStorage keeps of a reader's warnings on this site. */
export interface PushChoice {
  endpoint: string;
  zones: string[];
}

/** The localStorage key of a site's choice (a city's editions share their origin's worker). */
export function storageKey(site: string): string {
  return `push-warnings:${site}`;
}

/** An API of push under the edition's prefix ("" or "/es"). */
export function pushApi(base: string, what: "key" | "subscriptions"): string {
  return `${base}/api/push/${what}`;
}

/** A key in base64url (RFC 4648 §5, with or without padding) as the bytes subscribe() takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/").replace(/=+$/, "");
  if (!/^[A-Za-z0-9+/]*$/.test(base64) || base64.length % 4 === 1) {
    throw new Error("not base64url");
  }
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Whether this browser can get pushes at all. */
export function pushSupported(): boolean {
  return (
    typeof navigator !== "undefined" &&
    "serviceWorker" in navigator &&
    typeof window !== "undefined" &&
    "PushManager" in window &&
    "Notification" in window
  );
}

/** The words for a refusal of the server, by its error code. */
export function failureText(code: string | undefined, words: PushWords): string {
  switch (code) {
    case "unavailable":
      return words.failedUnavailable;
    case "too-many":
      return words.failedTooMany;
    case "unknown-zones":
      return words.failedZones;
    case "bad-endpoint":
    case "bad-keys":
      return words.failedBrowser;
    default:
      return words.failed;
  }
}

/** A failure with the words to show for it. */
class Failure extends Error {}

/** The server's error code in a refusal's body, if it has one. */
async function errorCode(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.json()) as { error?: unknown };
    return typeof body.error === "string" ? body.error : undefined;
  } catch {
    return undefined;
  }
}

/** The state the form shows. */
type State = "idle" | "busy" | "on" | "blocked";

/** The form's parts, found by their markers. */
interface Parts {
  section: HTMLElement;
  form: HTMLFormElement;
  boxes: HTMLInputElement[];
  status: HTMLElement;
  turnOn: HTMLButtonElement;
  change: HTMLButtonElement;
  turnOff: HTMLButtonElement;
}

/** A form at work: its parts, its words, its edition's API ("" or "/es") and its storage key. */
interface PushForm extends Parts {
  words: PushWords;
  base: string;
  key: string;
}

function partsOf(section: HTMLElement): Parts | undefined {
  const form = section.querySelector("form");
  const status = section.querySelector<HTMLElement>("[data-push-status]");
  const button = (action: string) =>
    section.querySelector<HTMLButtonElement>(`button[data-push-action=${action}]`);
  const turnOn = button("on");
  const change = button("change");
  const turnOff = button("off");
  if (!form || !status || !turnOn || !change || !turnOff) return undefined;
  const boxes = [...section.querySelectorAll<HTMLInputElement>("input[type=checkbox][value]")];
  return { section, form, boxes, status, turnOn, change, turnOff };
}

/** The worker's registration, once it is active (it must be, to subscribe). */
async function activeRegistration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(SERVICE_WORKER);
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      navigator.serviceWorker.ready,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error("service worker not ready")), READY_TIMEOUT_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Makes one form work. Returns what it did at start ("hidden" where the browser cannot push),
 * and a promise of its start's checks (tests wait for it).
 */
export function startPushWarnings(section: HTMLElement): {
  shown: boolean;
  checked: Promise<void>;
} {
  const parts = partsOf(section);
  // Words that cannot be read: as if the browser could not push.
  const words = parts && pushSupported() ? propsOf<PushWords>(section) : undefined;
  if (!parts || !words) {
    // Nothing clickable where nothing could work.
    section.hidden = true;
    return { shown: false, checked: Promise.resolve() };
  }
  const form: PushForm = {
    ...parts,
    words,
    base: section.dataset.base ?? "",
    key: storageKey(section.dataset.site ?? ""),
  };
  // While busy the buttons do nothing.
  const unlessBusy = (act: (form: PushForm) => Promise<void>) => () => {
    if (section.dataset.state !== "busy") void act(form);
  };
  const turnOn = unlessBusy(subscribe);
  parts.form.addEventListener("submit", (event) => {
    event.preventDefault();
    turnOn();
  });
  parts.change.addEventListener("click", turnOn);
  parts.turnOff.addEventListener("click", unlessBusy(unsubscribe));
  return { shown: true, checked: restore(form) };
}

/** The reader's choice kept on this site, if it can be read. */
function storedChoice(key: string): PushChoice | undefined {
  try {
    const choice = JSON.parse(localStorage.getItem(key) ?? "null") as PushChoice | null;
    return choice && typeof choice.endpoint === "string" && Array.isArray(choice.zones)
      ? choice
      : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the reader's choice, or forgets it (none given). */
function storeChoice(key: string, choice?: PushChoice) {
  try {
    if (choice) localStorage.setItem(key, JSON.stringify(choice));
    else localStorage.removeItem(key);
  } catch {
    // storage refused (private mode): the choice holds for this page only
  }
}

/**
 * Shows a state: its words in the status line, the buttons that fit it, the boxes unless
 * blocked; the keyboard's focus stays in the form.
 */
function show(parts: Parts, state: State, text = "") {
  const { section, form, status, turnOn, change, turnOff } = parts;
  // Where the keyboard's focus was (a button about to be hidden loses it at once).
  const before = document.activeElement;
  const focused = before instanceof HTMLElement && section.contains(before);
  status.textContent = text;
  const on = state === "on";
  turnOn.hidden = on || state === "blocked";
  change.hidden = !on;
  turnOff.hidden = !on;
  // While busy the buttons do nothing, and say so; they keep the keyboard's focus (a disabled
  // button would drop it).
  for (const button of [turnOn, change, turnOff]) {
    if (state === "busy") button.setAttribute("aria-disabled", "true");
    else button.removeAttribute("aria-disabled");
  }
  form.querySelector("fieldset")?.toggleAttribute("hidden", state === "blocked");
  section.dataset.state = state;
  // The focus was on a button now hidden: onto the one that takes its place, else the status.
  if (focused && before.closest("[hidden]")) {
    const next = [turnOff, change, turnOn].find((button) => !button.hidden);
    if (next) next.focus();
    else {
      status.tabIndex = -1;
      status.focus();
    }
  }
}

/** Shows warnings on for the zones, their boxes ticked and their names said. */
function showOn(form: PushForm, zones: string[]) {
  const { boxes } = form;
  for (const box of boxes) box.checked = zones.includes(box.value);
  const nameOf = (code: string) => boxes.find((box) => box.value === code)?.dataset.name ?? code;
  show(form, "on", form.words.on.replace("{zones}", zones.map(nameOf).join(", ")));
}

/**
 * The form as the reader left it: blocked, on (checked against the browser: what the returned
 * promise waits for), or ready to turn on.
 */
async function restore(form: PushForm): Promise<void> {
  const choice = storedChoice(form.key);
  if (Notification.permission === "denied") return show(form, "blocked", form.words.blocked);
  if (!choice) return show(form, "idle");
  showOn(form, choice.zones);
  try {
    const registration = await navigator.serviceWorker.getRegistration(SERVICE_WORKER);
    const subscription = registration && (await registration.pushManager.getSubscription());
    // The browser dropped it (site data cleared, permission taken back): off.
    if (Notification.permission !== "granted" || !subscription) {
      storeChoice(form.key);
      if (form.section.dataset.state === "on") show(form, "idle");
    }
  } catch {
    // cannot tell: as stored
  }
}

/** The site's public key, as subscribe() takes it. */
async function serverKey(base: string, words: PushWords): Promise<Uint8Array<ArrayBuffer>> {
  const answer = await fetch(pushApi(base, "key"), { headers: { accept: "application/json" } });
  if (!answer.ok) throw new Failure(failureText(await errorCode(answer), words));
  const { publicKey } = (await answer.json()) as { publicKey?: unknown };
  if (typeof publicKey !== "string") throw new Failure(words.failed);
  return keyBytes(publicKey);
}

/** Subscribes (or renews) and posts the subscription with the zones ticked. */
async function subscribe(form: PushForm) {
  const { words } = form;
  const zones = form.boxes.filter((box) => box.checked).map((box) => box.value);
  // What the form goes back to if this comes to nothing.
  const before = form.section.dataset.state === "on" ? "on" : "idle";
  if (zones.length === 0) return show(form, before, words.chooseZone);
  show(form, "busy", words.asking);
  try {
    // Asked at once, in the click's user activation (browsers ask only then); the key and the
    // worker are made ready meanwhile, so that subscribing follows the answer closely.
    const asked =
      Notification.permission === "granted" ? "granted" : Notification.requestPermission();
    const preparing = Promise.all([serverKey(form.base, words), activeRegistration()]);
    preparing.catch(() => undefined); // awaited only once permission is given
    const permission = await asked;
    if (permission === "denied") {
      storeChoice(form.key);
      return show(form, "blocked", words.blocked);
    }
    if (permission !== "granted") return show(form, before, words.dismissed);
    show(form, "busy", words.working);
    const [applicationServerKey, registration] = await preparing;
    const options = { userVisibleOnly: true, applicationServerKey };
    let subscription: PushSubscription;
    try {
      subscription = await registration.pushManager.subscribe(options);
    } catch (error) {
      // Subscribed before with another key (the site's keys were made again): start afresh.
      const old = await registration.pushManager.getSubscription();
      if (!old) throw error;
      await old.unsubscribe();
      subscription = await registration.pushManager.subscribe(options);
    }
    const answer = await fetch(pushApi(form.base, "subscriptions"), {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ subscription: subscription.toJSON(), zones }),
    });
    if (!answer.ok) throw new Failure(failureText(await errorCode(answer), words));
    const body = (await answer.json().catch(() => ({}))) as { zones?: unknown };
    const kept =
      Array.isArray(body.zones) && body.zones.every((z) => typeof z === "string")
        ? (body.zones as string[])
        : zones;
    storeChoice(form.key, { endpoint: subscription.endpoint, zones: kept });
    showOn(form, kept);
  } catch (error) {
    show(form, before, error instanceof Failure ? error.message : words.failed);
  }
}

/**
 * Unsubscribes on the server and in the browser. Either is enough to stop the warnings (a push
 * to an endpoint the browser dropped is refused, and the server then forgets it): off unless
 * both failed.
 */
async function unsubscribe(form: PushForm) {
  const { words } = form;
  show(form, "busy", words.turningOff);
  try {
    const registration = await navigator.serviceWorker.getRegistration(SERVICE_WORKER);
    const subscription = await registration?.pushManager.getSubscription();
    const endpoint = subscription?.endpoint ?? storedChoice(form.key)?.endpoint;
    let told = !endpoint;
    if (endpoint) {
      try {
        const answer = await fetch(pushApi(form.base, "subscriptions"), {
          method: "DELETE",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ endpoint }),
        });
        told = answer.ok;
      } catch {
        // no network: the browser's unsubscribing is enough
      }
    }
    const dropped = subscription ? await subscription.unsubscribe().catch(() => false) : false;
    if (!told && !dropped) throw new Failure(words.offFailed);
    storeChoice(form.key);
    show(form, "idle", words.off);
  } catch (error) {
    show(form, "on", error instanceof Failure ? error.message : words.offFailed);
  }
}
