import { existsSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { parseEnv } from "node:util";
import proxyaddr from "proxy-addr";
import { z } from "zod";

/** A city's id: its file's name in CITIES_DIR (sites/city-data.ts CITY_ID). */
const cityId = z
  .string()
  .regex(/^[a-z][a-z0-9-]{0,62}$/, "must be a city id (a file name in CITIES_DIR)");

const EnvSchema = z.object({
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

/** The name of every setting (README and .env.example document each). */
export const SETTING_NAMES = Object.keys(EnvSchema.shape).filter((name) => name !== "SITE");

export type Env = Omit<z.infer<typeof EnvSchema>, "SITE">;

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
