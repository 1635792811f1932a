import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { fixtureCity, fixtureCityFiles, fixtureCityNamed } from "../tests/support/fixture-city";

// The process refuses to start on a bad setting, with a message naming it.

const ROOT = path.resolve(import.meta.dirname, "..");
const dir = mkdtempSync(path.join(os.tmpdir(), "startup-"));
/** The network the process is given: two fixture cities (tests/support/fixture-city.ts). */
const CITY = fixtureCity();
const SECOND = fixtureCityNamed("Stubport");
const cities = fixtureCityFiles([CITY, SECOND]);
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  cities.remove();
});

function start(env: Record<string, string>) {
  return spawnSync(process.execPath, ["--import", "tsx", "server/index.ts"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      PORT: "0",
      DATA_DIR: dir,
      LOG_LEVEL: "silent",
      CITIES_DIR: cities.dir,
      NETWORK_FILE: cities.networkFile,
      ...env,
    },
    encoding: "utf8",
    timeout: 30_000,
  });
}

// Each test starts a process through tsx (about a second, several on a busy 2-core machine).
describe("start-up", { timeout: 30_000 }, () => {
  it("stops on a FEEDS_FILE with an unknown key, naming it", () => {
    const file = path.join(dir, "bad-key.json");
    writeFileSync(
      file,
      JSON.stringify({ local: ["https://a.example/feed"], horoscopes: ["https://b.example"] }),
    );
    const run = start({ FEEDS_FILE: file });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("Invalid FEEDS_FILE");
    expect(run.stderr).toContain("horoscopes");
  });

  it("stops on a FEEDS_FILE with a non-http(s) URL, naming it", () => {
    const file = path.join(dir, "bad-url.json");
    writeFileSync(file, JSON.stringify({ world: ["file:///etc/passwd"] }));
    const run = start({ FEEDS_FILE: file });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/world\.0: must be an http\(s\) URL/);
  });

  it("stops on a DATABASE_URL without the keys every instance must share, naming them", () => {
    // Refused before any connection is tried (nothing listens on port 9 of loopback anyway).
    const run = start({ DATABASE_URL: "postgres://site@127.0.0.1:9/news" });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("IMAGE_KEY_SECRET: must be set when DATABASE_URL is");
    expect(run.stderr).toContain("CONTACT_KEY_SECRET: must be set when DATABASE_URL is");
  });

  it("stops on SITE, which SITES and DEFAULT_SITE replaced, naming them", () => {
    const run = start({ SITE: CITY.id });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      "SITE: was replaced by SITES (the cities served) and DEFAULT_SITE (see README)",
    );
  });

  it("stops on a DEFAULT_SITE it does not serve, naming the setting", () => {
    const run = start({ SITES: `${CITY.id},${SECOND.id}`, DEFAULT_SITE: "gotham" });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('DEFAULT_SITE names "gotham", which this process does not serve');
  });

  it("stops when METRICS_PORT is the public PORT: the metrics never share it", () => {
    const run = start({ PORT: "38419", METRICS_PORT: "38419" });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("METRICS_PORT: must differ from PORT");
  });

  it("stops when SITES names no city of CITIES_DIR", () => {
    const run = start({ SITES: "gotham" });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("No city to serve in");
  });

  it("stops on a FEEDS_FILE without a DEFAULT_SITE to apply it to", () => {
    const file = path.join(dir, "good.json");
    writeFileSync(file, JSON.stringify({ local: ["https://a.example/feed"] }));
    const run = start({ FEEDS_FILE: file });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("apply to the default city: set DEFAULT_SITE too");
  });
});
