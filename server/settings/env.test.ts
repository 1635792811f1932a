import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import { EnvError, SETTING_NAMES, defaultRenderWorkers, readEnv, withEnvFile } from "./env";

describe("readEnv", () => {
  it("applies the documented defaults", () => {
    expect(readEnv({})).toEqual({
      NODE_ENV: "production",
      PORT: 3000,
      HOST: "0.0.0.0",
      CITIES_DIR: "./sites/cities",
      NETWORK_FILE: "./sites/network.json",
      DATA_DIR: "./data",
      FEED_REFRESH_SECONDS: 600,
      FEED_MAX_REFRESH_SECONDS: 86_400,
      FEED_BACKOFF_BASE_SECONDS: 60,
      RETENTION_DAYS: 30,
      RETENTION_MIN_PER_FEED: 50,
      LOG_LEVEL: "info",
      TRUST_PROXY: ["loopback"],
      RENDER_CONCURRENCY: 4,
      RENDER_QUEUE: 64,
      RENDER_MAX_WAIT_MS: 2_000,
      RENDER_PER_CLIENT: 8,
      LIVE_MAX_CONNECTIONS: 10_000,
      LIVE_MAX_PER_CLIENT: 16,
      WRITE_CONCURRENCY: 2,
      WRITE_QUEUE: 16,
      TRUST_FORWARDED_HOST: false,
      RENDER_WORKERS: defaultRenderWorkers(),
      IMAGE_CACHE_MB: 512,
      DATABASE_POOL_SIZE: 10,
      SHUTDOWN_GRACE_SECONDS: 10,
      METRICS_HOST: "127.0.0.1",
      FEED_LEASE_SECONDS: 60,
      NWS_API_URL: "https://api.weather.gov",
      NWS_RADAR_URL: "https://radar.weather.gov",
      NWS_ALERTS_SECONDS: 180,
      ALLOW_PUBLIC_HOSTS: true,
      SHOW_EMBED_PLACEHOLDERS: false,
      STORM_ADS: false,
      PUSH_MAX_PER_CLIENT: 10,
      PUSH_MAX_SUBSCRIPTIONS: 1_000_000,
      PUSH_CONCURRENCY: 16,
      PUSH_LEASE_SECONDS: 60,
      BRIEFING_HOUR: 6,
      BRIEFING_CONCURRENCY: 8,
      BRIEFING_MAX_PER_CLIENT: 5,
      BRIEFING_LEASE_SECONDS: 120,
    });
  });

  it("takes the briefing's smtp(s):// SMTP_URL, an address for MAIL_FROM, an hour 0–23", () => {
    const env = readEnv({
      SMTP_URL: "smtps://user:secret@mail.example.org:465",
      MAIL_FROM: "Houston City Wire <briefing@example.org>",
      BRIEFING_HOUR: "23",
    });
    expect(env.SMTP_URL).toBe("smtps://user:secret@mail.example.org:465");
    expect(env.MAIL_FROM).toBe("Houston City Wire <briefing@example.org>");
    expect(env.BRIEFING_HOUR).toBe(23);
    expect(readEnv({ MAIL_FROM: "briefing@example.org" }).MAIL_FROM).toBe("briefing@example.org");
    expect(() => readEnv({ SMTP_URL: "https://mail.example.org" })).toThrow(/SMTP_URL/);
    expect(() => readEnv({ MAIL_FROM: "the newsroom" })).toThrow(/MAIL_FROM/);
    expect(() => readEnv({ MAIL_FROM: "A <a@b.c>\r\nBcc: x@y.z" })).toThrow(/MAIL_FROM/);
    expect(() => readEnv({ BRIEFING_HOUR: "24" })).toThrow(/BRIEFING_HOUR/);
  });

  it("takes Web Push's VAPID keys both or neither, and a mailto: or https: subject", () => {
    const keys = {
      VAPID_PUBLIC_KEY: `B${"a".repeat(86)}`,
      VAPID_PRIVATE_KEY: "k".repeat(43),
    };
    expect(readEnv(keys).VAPID_PUBLIC_KEY).toBe(keys.VAPID_PUBLIC_KEY);
    expect(() => readEnv({ VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY })).toThrow(/both or neither/);
    expect(() => readEnv({ VAPID_PRIVATE_KEY: "short" })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(readEnv({ VAPID_SUBJECT: "mailto:newsroom@example.com" }).VAPID_SUBJECT).toBe(
      "mailto:newsroom@example.com",
    );
    expect(() => readEnv({ VAPID_SUBJECT: "newsroom@example.com" })).toThrow(/VAPID_SUBJECT/);
  });

  it.each([
    [1, 1],
    [2, 1],
    [4, 3],
    [64, 8],
  ])("makes pages on cores − 1 workers by default (%i cores: %i)", (cores, workers) => {
    expect(defaultRenderWorkers(cores)).toBe(workers);
  });

  it("takes a postgres:// DATABASE_URL, and refuses to start without the keys instances share", () => {
    const url = "postgres://site@db.internal:5432/news";
    const keys = { IMAGE_KEY_SECRET: "i".repeat(32), CONTACT_KEY_SECRET: "c".repeat(32) };
    expect(readEnv({ DATABASE_URL: url, ...keys }).DATABASE_URL).toBe(url);
    expect(readEnv({ DATABASE_URL: "postgresql://x@y/z", ...keys }).DATABASE_URL).toBe(
      "postgresql://x@y/z",
    );
    expect(() => readEnv({ DATABASE_URL: "mysql://x@y/z", ...keys })).toThrow(
      /DATABASE_URL: must be a postgres:\/\/ URL/,
    );
    // Each instance would otherwise generate its own into its DATA_DIR: pictures signed by one
    // would be refused by another, and a sender would be counted apart on each.
    expect(() => readEnv({ DATABASE_URL: url })).toThrow(
      /IMAGE_KEY_SECRET: must be set when DATABASE_URL is[\s\S]*CONTACT_KEY_SECRET: must be set/,
    );
    expect(() => readEnv({ DATABASE_URL: url, IMAGE_KEY_SECRET: keys.IMAGE_KEY_SECRET })).toThrow(
      /CONTACT_KEY_SECRET/,
    );
    // Without DATABASE_URL a single instance generates its keys, as before.
    expect(readEnv({}).DATABASE_URL).toBeUndefined();
  });

  it("reads METRICS_PORT and METRICS_HOST, and refuses a metrics port that is the public one", () => {
    expect(readEnv({ METRICS_PORT: "9464" })).toMatchObject({
      METRICS_PORT: 9464,
      METRICS_HOST: "127.0.0.1",
    });
    expect(readEnv({}).METRICS_PORT).toBeUndefined();
    expect(() => readEnv({ METRICS_PORT: "3000" })).toThrow(/METRICS_PORT: must differ from PORT/);
    expect(() => readEnv({ METRICS_PORT: "70000" })).toThrow(/METRICS_PORT/);
    expect(readEnv({ METRICS_HOST: "::1" }).METRICS_HOST).toBe("::1");
    expect(() => readEnv({ METRICS_HOST: "http://x/" })).toThrow(/METRICS_HOST: must be an IP/);
  });

  it("reads RENDER_WORKERS=0 as pages on the request thread", () => {
    expect(readEnv({ RENDER_WORKERS: "0" }).RENDER_WORKERS).toBe(0);
    expect(() => readEnv({ RENDER_WORKERS: "-1" })).toThrow(/RENDER_WORKERS/);
  });

  it.each([
    ["false", false],
    ["true", true],
  ])("reads ALLOW_PUBLIC_HOSTS=%s", (value, expected) => {
    expect(readEnv({ ALLOW_PUBLIC_HOSTS: value }).ALLOW_PUBLIC_HOSTS).toBe(expected);
  });

  it("refuses an ALLOW_PUBLIC_HOSTS that is not true or false", () => {
    expect(() => readEnv({ ALLOW_PUBLIC_HOSTS: "no" })).toThrow(/ALLOW_PUBLIC_HOSTS: /);
  });

  it("keeps ads in storm mode only with STORM_ADS=true, and refuses another value", () => {
    expect(readEnv({ STORM_ADS: "true" }).STORM_ADS).toBe(true);
    expect(readEnv({ STORM_ADS: "false" }).STORM_ADS).toBe(false);
    expect(() => readEnv({ STORM_ADS: "yes" })).toThrow(/STORM_ADS: /);
  });

  it("reads every setting", () => {
    const env = readEnv({
      PORT: "8080",
      SITES: "houston, anchorage,honolulu",
      DEFAULT_SITE: "anchorage",
      CITIES_DIR: "/srv/cities",
      NETWORK_FILE: "/srv/network.json",
      FEED_REFRESH_SECONDS: "1",
      FEED_MAX_REFRESH_SECONDS: "3600",
      SITE_URL: "https://news.example.org/",
      LOG_LEVEL: "warn",
      DATA_DIR: "/var/lib/news",
      RADIO_MAX_LISTENERS: "1000",
    });
    expect(env).toMatchObject({
      RADIO_MAX_LISTENERS: 1000,
      PORT: 8080,
      SITES: ["houston", "anchorage", "honolulu"],
      DEFAULT_SITE: "anchorage",
      CITIES_DIR: "/srv/cities",
      NETWORK_FILE: "/srv/network.json",
      FEED_REFRESH_SECONDS: 1,
      FEED_MAX_REFRESH_SECONDS: 3600,
      SITE_URL: "https://news.example.org",
      LOG_LEVEL: "warn",
      DATA_DIR: "/var/lib/news",
    });
  });

  it("treats empty values as unset", () => {
    const env = readEnv({ PORT: "", SITE_URL: "", SITES: "", DEFAULT_SITE: "" });
    expect(env.PORT).toBe(3000);
    expect(env.SITE_URL).toBeUndefined();
    // No SITES: every city of CITIES_DIR; no DEFAULT_SITE: a host naming none is not found.
    expect(env.SITES).toBeUndefined();
    expect(env.DEFAULT_SITE).toBeUndefined();
  });

  it.each([
    [
      "SITE",
      { SITE: "houston" },
      /SITE: was replaced by SITES \(the cities served\) and DEFAULT_SITE \(see README\)/,
    ],
    ["SITES", { SITES: "houston,Gotham" }, /SITES\.1: must be a city id/],
    ["SITES", { SITES: "../etc" }, /SITES\.0: must be a city id/],
    ["SITES", { SITES: " , " }, /SITES:/],
    ["DEFAULT_SITE", { DEFAULT_SITE: "Houston" }, /DEFAULT_SITE: must be a city id/],
    ["PORT", { PORT: "eighty" }, /PORT:/],
    ["PORT", { PORT: "70000" }, /PORT:/],
    [
      "SITE_URL",
      { SITE_URL: "javascript:alert(1)" },
      /SITE_URL: must be an absolute http\(s\) URL/,
    ],
    ["LOG_LEVEL", { LOG_LEVEL: "loud" }, /LOG_LEVEL:/],
    ["FEED_REFRESH_SECONDS", { FEED_REFRESH_SECONDS: "0" }, /FEED_REFRESH_SECONDS:/],
    ["FEED_REFRESH_SECONDS", { FEED_REFRESH_SECONDS: "86401" }, /FEED_REFRESH_SECONDS:/],
    ["FEED_MAX_REFRESH_SECONDS", { FEED_MAX_REFRESH_SECONDS: "0" }, /FEED_MAX_REFRESH_SECONDS:/],
    [
      "FEED_MAX_REFRESH_SECONDS",
      { FEED_MAX_REFRESH_SECONDS: String(7 * 86_400 + 1) },
      /FEED_MAX_REFRESH_SECONDS:/,
    ],
    ["RADIO_MAX_LISTENERS", { RADIO_MAX_LISTENERS: "lots" }, /RADIO_MAX_LISTENERS:/],
    ["RADIO_MAX_LISTENERS", { RADIO_MAX_LISTENERS: "0" }, /RADIO_MAX_LISTENERS:/],
    ["RETENTION_DAYS", { RETENTION_DAYS: "0" }, /RETENTION_DAYS:/],
    ["RETENTION_MIN_PER_FEED", { RETENTION_MIN_PER_FEED: "10" }, /RETENTION_MIN_PER_FEED:/],
    ["CONTACT_KEY_SECRET", { CONTACT_KEY_SECRET: "x".repeat(31) }, /CONTACT_KEY_SECRET: .*32/],
    ["IMAGE_KEY_SECRET", { IMAGE_KEY_SECRET: "x".repeat(31) }, /IMAGE_KEY_SECRET: .*32/],
    ["IMAGE_CACHE_MB", { IMAGE_CACHE_MB: "1" }, /IMAGE_CACHE_MB:/],
  ])("rejects a bad %s with its name", (_name, source, message) => {
    expect(() => readEnv(source)).toThrow(EnvError);
    expect(() => readEnv(source)).toThrow(message);
  });
});

describe("RADIO_PORTS", () => {
  it("reads a comma-separated list of ports", () => {
    expect(readEnv({ RADIO_PORTS: "8076,8000" }).RADIO_PORTS).toEqual([8076, 8000]);
  });

  it.each(["8076,", "eighty", "0", "70000", "8076 8000"])("rejects %j, naming it", (value) => {
    expect(() => readEnv({ RADIO_PORTS: value })).toThrow(/RADIO_PORTS:/);
  });
});

describe("TRUST_PROXY", () => {
  it.each([
    ["off", false],
    ["false", false],
    ["2", 2],
    ["loopback", ["loopback"]],
    ["10.0.0.0/8, 192.168.1.10", ["10.0.0.0/8", "192.168.1.10"]],
    ["loopback,uniquelocal", ["loopback", "uniquelocal"]],
  ])("reads %j", (value, expected) => {
    expect(readEnv({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it.each(["10.0.0.0/99", "proxy.example.com", "100"])(
    "refuses %j, naming the setting",
    (value) => {
      expect(() => readEnv({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: /);
    },
  );
});

describe("ALLOW_PRIVATE_HOSTS", () => {
  it("reads comma-separated host names, addresses and CIDRs", () => {
    expect(
      readEnv({ ALLOW_PRIVATE_HOSTS: "localhost, 127.0.0.1,[::1],10.0.0.0/8,fd00::/8" })
        .ALLOW_PRIVATE_HOSTS,
    ).toEqual(["localhost", "127.0.0.1", "::1", "10.0.0.0/8", "fd00::/8"]);
  });

  it("is unset by default (public addresses only)", () => {
    expect(readEnv({}).ALLOW_PRIVATE_HOSTS).toBeUndefined();
  });

  it.each(["http://localhost", "localhost:8080", "10.0.0.0/33", "a b"])(
    "rejects %j, naming it",
    (value) => {
      expect(() => readEnv({ ALLOW_PRIVATE_HOSTS: value })).toThrow(/ALLOW_PRIVATE_HOSTS/);
    },
  );
});

describe("withEnvFile (.env at start-up)", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "envfile-"));
  const file = path.join(dir, ".env");
  writeFileSync(file, '# settings\nPORT=8081\nDEFAULT_SITE=anchorage\nLOG_LEVEL="warn"\n');

  it("adds the file's settings", () => {
    expect(readEnv(withEnvFile({}, file))).toMatchObject({
      PORT: 8081,
      DEFAULT_SITE: "anchorage",
      LOG_LEVEL: "warn",
    });
  });

  it("refuses a file that still sets SITE, naming it", () => {
    const old = path.join(dir, "old.env");
    writeFileSync(old, "SITE=houston\n");
    expect(() => readEnv(withEnvFile({}, old))).toThrow(/SITE: was replaced by SITES/);
  });

  it("lets the real environment win over the file", () => {
    expect(readEnv(withEnvFile({ PORT: "9000" }, file)).PORT).toBe(9000);
  });

  it("adds nothing when there is no file", () => {
    expect(withEnvFile({ PORT: "1" }, path.join(dir, "missing.env"))).toEqual({ PORT: "1" });
    rmSync(dir, { recursive: true, force: true });
  });
});

describe("the documentation of the settings", () => {
  const root = path.resolve(import.meta.dirname, "../..");
  // docs/settings.md is written from the schema (npm run docs:settings; scripts/settings-doc.test.ts
  // holds it to what the schema writes).
  const settings = readFileSync(path.join(root, "docs", "settings.md"), "utf8");
  const example = readFileSync(path.join(root, ".env.example"), "utf8");

  // SITE is no setting any more: the schema names it only to refuse it (SITES replaced it).
  const RETIRED = ["SITE"];

  it.each(SETTING_NAMES.filter((name) => !RETIRED.includes(name)))(
    "%s is in docs/settings.md's tables and in .env.example",
    (name) => {
      expect(settings).toMatch(new RegExp(`^\\| \`${name}\` +\\|`, "m"));
      expect(example).toMatch(new RegExp(`^${name}=`, "m"));
    },
  );

  it.each(RETIRED)("%s, which the server refuses, is set in neither", (name) => {
    expect(() => readEnv({ [name]: "houston" })).toThrow(EnvError);
    expect(settings).not.toMatch(new RegExp(`^\\| \`${name}\` +\\|`, "m"));
    expect(example).not.toMatch(new RegExp(`^${name}=`, "m"));
  });
});
