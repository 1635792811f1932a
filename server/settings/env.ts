import { existsSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { parseEnv } from "node:util";
import proxyaddr from "proxy-addr";
import { z } from "zod";

/** A city's id: its file's name in CITIES_DIR (sites/city-data.ts CITY_ID). */
const cityId = z
  .string()
  .regex(/^[a-z][a-z0-9-]{0,62}$/, "must be a city id (a file name in CITIES_DIR)");

export const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  // One process serves every city of CITIES_DIR (or those SITES lists), each by its hosts.
  SITE: z
    .never({ error: "was replaced by SITES (the cities served) and DEFAULT_SITE (see README)" })
    .optional(),
  SITES: z
    .string()
    .transform((list) =>
      list
        .split(",")
        .map((id) => id.trim())
        .filter(Boolean),
    )
    .pipe(z.array(cityId).min(1))
    .optional(),
  // The city of hosts that name none (development, the demo, tests on localhost); unset, they
  // get the network's not-found page.
  DEFAULT_SITE: cityId.optional(),
  CITIES_DIR: z.string().min(1).default("./sites/cities"),
  NETWORK_FILE: z.string().min(1).default("./sites/network.json"),
  // The default city's canonical base (staging, tests), instead of https:// and its first host.
  SITE_URL: z
    .url({ protocol: /^https?$/, error: "must be an absolute http(s) URL" })
    .transform((u) => u.replace(/\/+$/, ""))
    .optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  // The key of the contact form's sender HMAC; unset, one is generated into DATA_DIR.
  CONTACT_KEY_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  FEEDS_FILE: z.string().min(1).optional(),
  // A JSON file of embed ids and URLs that replaces the site config's `embeds` (server/settings/embeds.ts).
  EMBEDS_FILE: z.string().min(1).optional(),
  // The shortest interval between two fetches of a feed; a feed that publishes rarely is
  // fetched less often, up to FEED_MAX_REFRESH_SECONDS (news/schedule.ts).
  FEED_REFRESH_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  FEED_MAX_REFRESH_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 86_400)
    .default(86_400),
  // Hosts a feed may reach at a private address (server/net/outbound.ts): names, IPs or CIDRs.
  ALLOW_PRIVATE_HOSTS: z
    .string()
    .transform((list) =>
      list
        .split(",")
        .map((entry) => entry.trim().replace(/^\[(.*)\]$/, "$1"))
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6(), z.hostname()], {
          error: "each entry must be a host name, an IP address or a CIDR",
        }),
      ),
    )
    .optional(),
  // false: the server reaches nothing but ALLOW_PRIVATE_HOSTS (tests, demo, benchmarks).
  ALLOW_PUBLIC_HOSTS: z
    .enum(["true", "false"], { error: "must be true or false" })
    .default("true")
    .transform((v) => v === "true"),
  // true: unconfigured embeds show a labelled placeholder box (for designing pages), not nothing.
  SHOW_EMBED_PLACEHOLDERS: z
    .enum(["true", "false"], { error: "must be true or false" })
    .default("false")
    .transform((v) => v === "true"),
  // Storm mode (an Extreme or Severe alert in force for the city): false leaves ads out of its
  // pages while it lasts; true keeps them.
  STORM_ADS: z
    .enum(["true", "false"], { error: "must be true or false" })
    .default("false")
    .transform((v) => v === "true"),
  RADIO_UPSTREAM: z
    .url({ protocol: /^https?$/, error: "must be an absolute http(s) URL" })
    .optional(),
  RADIO_MAX_LISTENERS: z.coerce.number().int().min(1).max(100_000).optional(),
  RADIO_PORTS: z
    .string()
    .regex(/^\d{1,5}(,\d{1,5})*$/, "must be comma-separated port numbers")
    .transform((list) => list.split(",").map(Number))
    .refine((ports) => ports.every((p) => p >= 1 && p <= 65535), "ports must be 1 to 65535")
    .optional(),
  FEED_BACKOFF_BASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  // How long an instance holds a feed it refreshes (instances sharing PostgreSQL): past it, as
  // when the instance died mid-refresh, another takes the feed. Longer than a fetch (10 s).
  FEED_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  RETENTION_MIN_PER_FEED: z.coerce.number().int().min(15).max(10_000).default(50),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: z
    .string()
    .default("loopback")
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if (parsed instanceof Error) {
        ctx.addIssue({ code: "custom", message: parsed.message });
        return z.NEVER;
      }
      return parsed;
    }),
  // true: a trusted proxy (TRUST_PROXY) names the reader's host in X-Forwarded-Host, whose last
  // entry (the one that proxy added) then chooses the city. Off: the Host header alone does.
  TRUST_FORWARDED_HOST: z
    .enum(["true", "false"], { error: "must be true or false" })
    .default("false")
    .transform((v) => v === "true"),
  RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(4),
  RENDER_QUEUE: z.coerce.number().int().min(0).max(10_000).default(64),
  // The longest a render (or a form post) waits for its slot before its reader gets 503: a reader
  // kept waiting longer has mostly given up. More suits a small machine that should rather wait.
  RENDER_MAX_WAIT_MS: z.coerce.number().int().min(100).max(60_000).default(2_000),
  // The most renders one reader's address may have running or waiting at once: past it that
  // reader is refused (503) while everyone else still gets a place in the queue.
  RENDER_PER_CLIENT: z.coerce.number().int().min(1).max(10_000).default(8),
  // Open pages' live channels (/api/live, Server-Sent Events) one process holds, in all and from
  // one reader's address: past either, 503 with Retry-After (the page as rendered stays right).
  LIVE_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(100_000).default(10_000),
  LIVE_MAX_PER_CLIENT: z.coerce.number().int().min(1).max(10_000).default(16),
  // Form posts (the contact form) render in an allowance of their own that reads cannot take.
  WRITE_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  WRITE_QUEUE: z.coerce.number().int().min(0).max(1_000).default(16),
  // Worker threads that make pages, off the thread that answers cache hits (0: that thread).
  RENDER_WORKERS: z.coerce
    .number()
    .int()
    .min(0)
    .max(64)
    .default(() => defaultRenderWorkers()),
  // The image route (server/images/): its disk cache's cap in DATA_DIR/images, and the key that
  // signs picture ids (unset, one is generated into DATA_DIR; several servers need the same one).
  IMAGE_CACHE_MB: z.coerce.number().int().min(16).max(1_048_576).default(512),
  IMAGE_KEY_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  // The National Weather Service API and its radar pictures (server/weather/); tests and the
  // demo point them at a fixture. Links in its answers are followed only when they stay on it.
  NWS_API_URL: z
    .url({ protocol: /^https?$/, error: "must be an absolute http(s) URL" })
    .transform((u) => u.replace(/\/+$/, ""))
    .default("https://api.weather.gov"),
  // How often the city's state's alerts are asked for again, in seconds (at most 5/3 of it when
  // the service's answer asks to be kept longer): a warning must not wait.
  NWS_ALERTS_SECONDS: z.coerce.number().int().min(1).max(3600).default(180),
  NWS_RADAR_URL: z
    .url({ protocol: /^https?$/, error: "must be an absolute http(s) URL" })
    .transform((u) => u.replace(/\/+$/, ""))
    .default("https://radar.weather.gov"),
  // Web Push warnings (server/push/): the VAPID subject push services may contact (mailto: or
  // https:; unset, mailto: the default city's newsroom), and the key pair (both or neither,
  // base64url as web-push makes them; unset, one made once and kept in the database).
  VAPID_SUBJECT: z
    .string()
    .refine((v) => /^(mailto:\S+@\S+|https:\/\/\S+)$/.test(v), "must be a mailto: or https: URL")
    .optional(),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, "must be a base64url P-256 public key")
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, "must be a base64url P-256 private key")
    .optional(),
  // Subscriptions one reader (an IPv4 address or IPv6 /64) and the network may have, and pushes
  // sent at once.
  PUSH_MAX_PER_CLIENT: z.coerce.number().int().min(1).max(1_000).default(10),
  PUSH_MAX_SUBSCRIPTIONS: z.coerce.number().int().min(1).max(100_000_000).default(1_000_000),
  PUSH_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  // How long an instance sharing DATABASE_URL holds a push it claimed before another may send
  // it (the holder died mid-send); the cities with warnings are gone over every half of it.
  PUSH_LEASE_SECONDS: z.coerce.number().int().min(2).max(600).default(60),
  // An operator's own subscription (a PushSubscription's JSON) sent a test push each day, so a
  // broken pipeline is seen within a day; PUSH_MONITOR_SITE is the site whose words it is in.
  PUSH_MONITOR_SUBSCRIPTION: z.string().max(4096).optional(),
  PUSH_MONITOR_SITE: z
    .string()
    .regex(/^[a-z0-9-]+(\.[a-z]{2})?$/, "must be a site id")
    .optional(),
  // The morning briefing by e-mail (server/briefing/): the SMTP server mail goes to
  // (smtp:// or smtps://, user and password in the URL; unset, sign-ups are closed), the sender's
  // address (unset, the city's newsroom address), and the local hour each city's is sent at.
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
  MAIL_FROM: z
    .string()
    .max(320)
    .refine((v) => /^(?:[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/.test(v), {
      error: "must be an address (newsroom@example.com) or a name and one (Name <a@b.c>)",
    })
    .optional(),
  BRIEFING_HOUR: z.coerce.number().int().min(0).max(23).default(6),
  // Mails one instance sends at once, confirmation mails one reader (an IPv4 address or IPv6
  // /64) may ask for in a day, and how long an instance holds a briefing it claimed.
  BRIEFING_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  BRIEFING_MAX_PER_CLIENT: z.coerce.number().int().min(1).max(1_000).default(5),
  BRIEFING_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(120),
  // The shared database of several instances (PostgreSQL); unset, SQLite in DATA_DIR.
  DATABASE_URL: z
    .string()
    .refine((url) => /^postgres(ql)?:\/\//i.test(url), "must be a postgres:// URL")
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  // On SIGTERM or SIGINT: /readyz answers 503 at once, the server keeps serving this long (a load
  // balancer's time to see it and send readers elsewhere), then closes. 0: closes at once.
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
  // Prometheus metrics (server/metrics/) on a listener of their own, never on the public PORT;
  // unset, there is none. Loopback unless told: the series say how busy the site is.
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z
    .union([z.ipv4(), z.ipv6(), z.hostname()], { error: "must be an IP address or a host name" })
    .default("127.0.0.1"),
});

/**
 * Settings that instances sharing a database must share: the keys of picture ids and of sender
 * hashes, which a single instance otherwise generates into its own DATA_DIR.
 */
const SHARED_SECRETS = ["IMAGE_KEY_SECRET", "CONTACT_KEY_SECRET"] as const;

/**
 * Render workers unless told: one core fewer than the machine has (the request thread keeps
 * one), at least one and at most eight.
 */
export function defaultRenderWorkers(cores = availableParallelism()): number {
  return Math.min(8, Math.max(1, cores - 1));
}

/**
 * Whose forwarding headers (X-Forwarded-For, X-Forwarded-Proto) are believed: `off` (nobody's:
 * the server faces readers itself), a number of proxy hops in front of it (a load balancer on
 * another host whose address is not fixed), or comma-separated addresses, CIDRs and proxy-addr's
 * names (`loopback`, `linklocal`, `uniquelocal`) of the proxies.
 */
export function parseTrustProxy(value: string): false | number | string[] | Error {
  const text = value.trim().toLowerCase();
  if (["off", "false", "none", "0"].includes(text)) return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= 32 ? hops : new Error("a hop count must be at most 32");
  }
  const list = text.split(",").map((s) => s.trim());
  try {
    proxyaddr.compile(list);
  } catch (error) {
    return new Error(
      `must be off, a hop count, or addresses/CIDRs/loopback/linklocal/uniquelocal (${(error as Error).message})`,
    );
  }
  return list;
}

/** The name of every setting (docs/settings.md and .env.example document each). */
export const SETTING_NAMES = Object.keys(EnvSchema.shape).filter((name) => name !== "SITE");

export type Env = Omit<z.infer<typeof EnvSchema>, "SITE">;

/** A setting's name: a key of EnvSchema but SITE, which it names only to refuse it. */
export type SettingName = keyof Env;

/**
 * What each setting means, in groups, for docs/settings.md: `npm run docs:settings`
 * (scripts/settings-doc.ts) writes it from these words and from EnvSchema (each setting's type,
 * bounds and default), and a test fails when the file and the schema part. Markdown, with links
 * relative to docs/.
 */
export const SETTING_GROUPS: readonly {
  title: string;
  settings: Partial<Record<SettingName, string>>;
}[] = [
  {
    title: "The server and its cities",
    settings: {
      NODE_ENV: "`development` under `npm run dev` (stack traces on error pages, no CSP)",
      PORT: "HTTP port",
      HOST: "Interface to bind",
      SITES:
        "Comma-separated ids of the cities this process serves (file names in `CITIES_DIR`); the others are not indexed, routed or fetched for",
      DEFAULT_SITE:
        "The city that answers a host naming none (`localhost` in development, the demo, the tests); unset, such a host gets the network's \"Site not found\" page (404, never cached, never a city's page). `FEEDS_FILE`, `EMBEDS_FILE`, `SITE_URL` and `RADIO_*` apply to this city",
      CITIES_DIR:
        "Folder of the city files, one `<id>.json` each (see [cities and editions](cities.md))",
      NETWORK_FILE:
        "The network's defaults every city file is merged over (its `network` names the network in its fetches' `User-Agent`)",
      SITE_URL:
        "The default city's canonical base URL (canonical links, Open Graph, `sitemap.xml`, `robots.txt`), for staging and tests",
      LOG_LEVEL: "pino log level: `fatal`, `error`, `warn`, `info`, `debug`, `trace`, `silent`",
      SHUTDOWN_GRACE_SECONDS:
        "On SIGTERM or SIGINT `/readyz` answers 503 at once and the server keeps serving this long (0 to 300 s; a load balancer's time to stop sending readers), then closes; a second signal cuts it short (`npm run dev` and the demo: 0)",
    },
  },
  {
    title: "Data, database and keys",
    settings: {
      DATA_DIR:
        "Folder for the SQLite database `network.db` (every feed once, articles, and every city's contact messages; WAL mode; a `<city>.db` of a one-city install is adopted as it), the generated keys and the image cache; readable by the server's own user only (folders 0700, files 0600, also when an older version left them open)",
      DATABASE_URL:
        "A `postgres://` URL: every store (feeds, articles and search, feed state, contact messages and their rate limit) on that PostgreSQL database, shared by every instance behind a load balancer; its schema is migrated at start-up under an advisory lock. When set, `IMAGE_KEY_SECRET` and `CONTACT_KEY_SECRET` must be too",
      DATABASE_POOL_SIZE:
        "Connections each instance opens to `DATABASE_URL` for the news (the contact form keeps two of its own)",
      CONTACT_KEY_SECRET:
        "Key of the contact form's sender HMAC (at least 32 characters); unset, a random one is made once in `DATA_DIR/network.contact-key`",
      IMAGE_KEY_SECRET:
        "Key (at least 32 characters) that signs the image route's picture ids; unset, a random one is made once in `DATA_DIR/network.image-key`. Servers behind one load balancer need the same one",
      IMAGE_CACHE_MB:
        "Most the image route keeps on disk in `DATA_DIR/images` (resized pictures and one master per original, 16 MB at least); past it the least recently used files are deleted",
    },
  },
  {
    title: "Feeds",
    settings: {
      FEEDS_FILE:
        'A JSON file `{ "local": ["https://…", { "url": "https://…", "name": "The Guardian", "language": "en-GB" }], … }` that replaces the default city\'s feeds (each a URL, or as a city lists one: see [cities and editions](cities.md)), and its editions\' too unless `"editions": { "es": { "local": [...] } }` names an edition\'s own by language; an unknown key or field, a non-http(s) URL or a bad language tag stops start-up',
      FEED_REFRESH_SECONDS:
        "The shortest interval between two fetches of a feed (1 to 86400 s), with ±10 % jitter",
      FEED_MAX_REFRESH_SECONDS:
        "The longest: each feed is fetched at the pace it publishes (a week over its items of the last week), between the two, and never sooner than its `<ttl>`, `Cache-Control` or `Expires` asks",
      FEED_BACKOFF_BASE_SECONDS:
        "First retry delay of a failing feed; it doubles per failure, up to 1 hour",
      FEED_LEASE_SECONDS:
        "How long an instance sharing `DATABASE_URL` holds a feed it refreshes; past it (the instance died mid-refresh) another takes the feed. Keep it above a fetch's 10 s, or a slow fetch may be made twice",
      RETENTION_DAYS:
        "Articles are kept this many days after their feed last listed them (pruned hourly)",
      RETENTION_MIN_PER_FEED:
        "…but each feed's newest this many are kept whatever their age (at least 15, what a page shows)",
    },
  },
  {
    title: "What the server may reach",
    settings: {
      ALLOW_PRIVATE_HOSTS:
        "Comma-separated host names, IPs or CIDRs that feeds may reach at a private address; by default only public ones (SSRF guard)",
      ALLOW_PUBLIC_HOSTS:
        "`false`: the server reaches nothing but `ALLOW_PRIVATE_HOSTS` (no public address is connected to and no other host name is looked up); the tests, `npm run demo` and the benchmarks run so, so that they never leave the machine",
    },
  },
  {
    title: "Embeds and storm mode",
    settings: {
      EMBEDS_FILE:
        'A JSON file `{ "adClient": "ca-pub-…", "leadForm": "https://…", … }` that replaces the site config\'s `embeds` (a key left out is not configured); an unknown key or a bad value stops start-up',
      SHOW_EMBED_PLACEHOLDERS:
        "`true`: an embed the site does not configure (video, events wall, lead form, documents, radar, ads) shows a labelled placeholder box, for designing pages (always on under `npm run dev`); readers never see one: an unconfigured embed is left out",
      STORM_ADS:
        "Storm mode (an Extreme or Severe alert in force for the city: home leads with the emergency block, the donation prompt is held): `false` leaves every ad slot and sponsor block out of the city's pages while it lasts; `true` keeps them",
    },
  },
  {
    title: "Behind a proxy",
    settings: {
      TRUST_PROXY:
        "Whose `X-Forwarded-For`/`X-Forwarded-Proto` are believed (the reader's address for the contact form's rate limit, and https for its Origin check): `off` when readers reach the server directly; a hop count (`1`) behind a load balancer whose address changes; or comma-separated addresses, CIDRs and `loopback`/`linklocal`/`uniquelocal` of the proxies",
      TRUST_FORWARDED_HOST:
        "`true`: a proxy `TRUST_PROXY` trusts names the reader's host in `X-Forwarded-Host`, and its last entry (the one that proxy added; earlier ones are the client's) chooses the city; pages then say `Vary: Accept-Encoding, X-Forwarded-Host`. Off: the `Host` header (or an absolute-form request target's authority, which wins over it) alone chooses",
    },
  },
  {
    title: "Load: renders, form posts and live channels",
    settings: {
      RENDER_CONCURRENCY:
        "Page renders (with their compression) at once; no second one starts while the event loop has been more than 80 % busy over the last second (cache hits, files and `/healthz` never wait for one)",
      RENDER_QUEUE:
        "Renders that may wait for a slot, each for at most `RENDER_MAX_WAIT_MS`; beyond either a reader gets 503 with `Retry-After: 2` (load shedding: the admitted and the readers of cached pages stay fast)",
      RENDER_MAX_WAIT_MS:
        "The longest a render (or a form post) waits for its slot, in milliseconds (100 to 60,000); a reader kept waiting longer gets 503 with `Retry-After` instead. More suits a small machine whose readers should rather wait (the end-to-end tests' servers, beside two browsers on 2 cores, take 20 s)",
      RENDER_PER_CLIENT:
        "Renders one reader may have running or waiting at once (a reader is an IPv4 address, or an IPv6 /64: one subscriber's addresses count as one); one more is refused with 503 at once, so that a single flooder is refused before others lose their place in the queue",
      RENDER_WORKERS:
        "Worker threads that make pages (React, Beasties; `server/render/`), off the thread that answers cache hits, files and `/healthz`; `0` makes pages on that thread",
      WRITE_CONCURRENCY:
        "Form posts (the contact form) made at once, in an allowance of their own that a flood of reads cannot take",
      WRITE_QUEUE:
        "Form posts that may wait for one of those places (each for at most 2 s); beyond (or past the reader's share of the renders), 503 with `Retry-After` and the form again with the reader's text, made by the server without a render",
      LIVE_MAX_CONNECTIONS:
        "Open pages' live channels (`/api/live`, Server-Sent Events) one process holds; one more is answered 503 with `Retry-After`, and its page stays as rendered",
      LIVE_MAX_PER_CLIENT:
        "Live channels one reader may hold at once (a reader is an IPv4 address, or an IPv6 /64: one subscriber's addresses count as one; a household behind one address has a few tabs open); one more is answered 503",
    },
  },
  {
    title: "Radio",
    settings: {
      RADIO_UPSTREAM:
        "The station's stream URL (Icecast/Shoutcast) that `/api/stream?port=N` relays; the allowed port replaces its port",
      RADIO_PORTS:
        "Comma-separated ports a listener may ask for (`/api/stream?port=N`); the page plays the first",
      RADIO_MAX_LISTENERS:
        "Listeners the relay serves at once; beyond it `/api/stream` answers 503",
    },
  },
  {
    title: "Weather",
    settings: {
      NWS_API_URL:
        "The National Weather Service API that live weather comes from (conditions, forecast, alerts); tests and the demo point it at a fixture. Links in its answers are followed only when they stay on it",
      NWS_RADAR_URL:
        "Where the radar pictures are (`/ridge/standard/<STATION>_0.gif`, fetched through the image route at most every 5 minutes)",
      NWS_ALERTS_SECONDS:
        "How often the city's state's alerts are asked for again (at most 5/3 of it when the service asks to be kept longer); an alert fetched reaches the city's open pages through the live channel at once",
    },
  },
  {
    title: "Warnings by push",
    settings: {
      VAPID_SUBJECT:
        "The contact push services may use about this sender (RFC 8292): a `mailto:` or `https:` URL",
      VAPID_PUBLIC_KEY:
        "Web Push's VAPID public key, base64url as `web-push generate-vapid-keys` prints it; give both or neither. Unset, the first instance makes a pair and keeps it in the database, where every instance sharing it finds it",
      VAPID_PRIVATE_KEY: "Its private key (base64url); a secret",
      PUSH_MAX_PER_CLIENT:
        "Warning subscriptions one reader (an IPv4 address or an IPv6 /64) may have; past it, 429",
      PUSH_MAX_SUBSCRIPTIONS: "Warning subscriptions the network keeps in all; past it, 429",
      PUSH_CONCURRENCY:
        "Pushes one instance sends at once (each retried with backoff within its TTL on 429 and 5xx)",
      PUSH_LEASE_SECONDS:
        "How long an instance sharing `DATABASE_URL` holds a push it claimed: past it (the instance died mid-send) another sends it; the cities with warnings are gone over every half of it (at most every 30 s)",
      PUSH_MONITOR_SUBSCRIPTION:
        "An operator's own push subscription (a `PushSubscription`'s JSON): sent a test push once a day (one instance of several), so that a broken pipeline shows within a day (see [operations](operations.md#metrics))",
      PUSH_MONITOR_SITE:
        "The site whose words the daily test push is in: a city's id, or an edition's (`<city>.es`)",
    },
  },
  {
    title: "The morning briefing",
    settings: {
      SMTP_URL:
        "The SMTP server the morning briefing's mails go to, `smtp://` or `smtps://` with its user and password in the URL (a secret); unset, the sign-up forms say sign-ups are closed and nothing is sent",
      MAIL_FROM: "The briefing's sender, an address or `Name <address>`",
      BRIEFING_HOUR:
        "The local hour (0–23, in each city's own time zone) its morning briefing is sent at; one not sent then (every instance down) is sent within six hours",
      BRIEFING_CONCURRENCY:
        "Briefing mails one instance sends at once (its SMTP connections); each retried with backoff on a 4xx, a 5xx ends that address",
      BRIEFING_MAX_PER_CLIENT:
        "Unconfirmed briefing sign-ups one reader (an IPv4 address or an IPv6 /64) may make in a day; past it, 429",
      BRIEFING_LEASE_SECONDS:
        "How long an instance sharing `DATABASE_URL` holds a subscriber's briefing it claimed: past it (the instance died mid-send) another sends it",
    },
  },
  {
    title: "Metrics",
    settings: {
      METRICS_PORT:
        "Port of the Prometheus metrics listener (`GET /metrics`, see [operations](operations.md#metrics)); unset, there is none. Never the public `PORT`",
      METRICS_HOST:
        "Interface the metrics listener binds; loopback keeps the series to this machine's scraper",
    },
  },
];

/** A setting's default in words, where the schema has none or works it out at start-up. */
export const SETTING_DEFAULTS: Partial<Record<SettingName, string>> = {
  SITES: "all",
  SITE_URL: "`https://` and the city's first host",
  DATABASE_URL: "unset (SQLite in `DATA_DIR`)",
  CONTACT_KEY_SECRET: "a generated one",
  IMAGE_KEY_SECRET: "a generated one",
  RENDER_WORKERS: "cores − 1 (1 to 8)",
  RADIO_UPSTREAM: "the city's `radio.upstream`",
  RADIO_PORTS: "the city's `radio.ports`",
  RADIO_MAX_LISTENERS: "the city's `radio.maxListeners`",
  VAPID_SUBJECT: "unset (`mailto:` the default city's newsroom)",
  VAPID_PUBLIC_KEY: "unset (made once, kept in the database)",
  PUSH_MONITOR_SITE: "`DEFAULT_SITE`, else the first city",
  SMTP_URL: "unset (sign-ups closed)",
  MAIL_FROM: "the city's name and newsroom address",
};

/** A setting's type in words, where the schema's own (a string, a URL) says too little. */
export const SETTING_TYPES: Partial<Record<SettingName, string>> = {
  SITES: "comma-separated city ids",
  DEFAULT_SITE: "a city id",
  ALLOW_PRIVATE_HOSTS: "comma-separated host names, IPs or CIDRs",
  RADIO_PORTS: "comma-separated ports (1 to 65535)",
  TRUST_PROXY: "`off`, a hop count (up to 32), or comma-separated addresses, CIDRs and names",
  DATABASE_URL: "a `postgres://` URL",
  SMTP_URL: "an `smtp://` or `smtps://` URL",
  MAIL_FROM: "an address, or `Name <address>`",
  VAPID_SUBJECT: "a `mailto:` or `https:` URL",
  VAPID_PUBLIC_KEY: "a base64url P-256 public key",
  VAPID_PRIVATE_KEY: "a base64url P-256 private key",
  PUSH_MONITOR_SUBSCRIPTION: "a `PushSubscription`'s JSON (at most 4096 characters)",
  PUSH_MONITOR_SITE:
    "a site id (a city's file name in sites/cities/, or `<city>.es` for its edition)",
  METRICS_HOST: "an IP address or a host name",
  EMBEDS_FILE: "a path to a JSON file",
  FEEDS_FILE: "a path to a JSON file",
};

/** Thrown when an environment variable is invalid; the message names each bad variable. */
export class EnvError extends Error {
  override name = "EnvError";
}

/** The settings file read at start-up, from the working directory, when it exists. */
export const ENV_FILE = ".env";

/**
 * The settings of `file` (a .env: `NAME=value` lines, # comments) under those of `environment`:
 * a variable set in the real environment wins over the file, as with Node's --env-file. A file
 * that does not exist adds nothing.
 */
export function withEnvFile(
  environment: NodeJS.ProcessEnv = process.env,
  file = ENV_FILE,
): NodeJS.ProcessEnv {
  if (!existsSync(file)) return environment;
  return { ...parseEnv(readFileSync(file, "utf8")), ...environment };
}

/**
 * Reads and checks the settings from an environment (process.env by default). Nothing else in the
 * server reads process.env. Empty strings count as unset, as in a copied .env.example.
 */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const result = EnvSchema.safeParse(cleaned);
  const problems = result.success
    ? []
    : result.error.issues.map((i) => `  - ${i.path.join(".")}: ${i.message}`);
  if (result.success && result.data.METRICS_PORT !== undefined) {
    // One listener for both would put the metrics on the public port.
    if (result.data.METRICS_PORT === result.data.PORT)
      problems.push(
        "  - METRICS_PORT: must differ from PORT (metrics never share the public port)",
      );
  }
  if ((cleaned.VAPID_PUBLIC_KEY === undefined) !== (cleaned.VAPID_PRIVATE_KEY === undefined))
    problems.push("  - VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: give both or neither");
  if (cleaned.DATABASE_URL !== undefined) {
    for (const name of SHARED_SECRETS) {
      if (cleaned[name] === undefined)
        problems.push(
          `  - ${name}: must be set when DATABASE_URL is (every instance needs the same key)`,
        );
    }
  }
  if (!result.success || problems.length > 0)
    throw new EnvError(`Invalid environment:\n${problems.join("\n")}`);
  return result.data as Env;
}
