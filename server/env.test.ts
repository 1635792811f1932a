import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import { EnvError, SETTING_NAMES, readEnv } from "./env";

describe("readEnv", () => {
  it("applies the documented defaults", () => {
    expect(readEnv({})).toEqual({
      NODE_ENV: "production",
      PORT: 3000,
      HOST: "0.0.0.0",
      SITE: "houston",
      DATA_DIR: "./data",
      FEED_REFRESH_SECONDS: 600,
      FEED_BACKOFF_BASE_SECONDS: 60,
      LOG_LEVEL: "info",
    });
  });

  it("reads every setting", () => {
    const env = readEnv({
      PORT: "8080",
      SITE: "austin",
      SITE_URL: "https://news.example.org/",
      LOG_LEVEL: "warn",
      DATA_DIR: "/var/lib/news",
      RADIO_MAX_LISTENERS: "1000",
    });
    expect(env).toMatchObject({
      RADIO_MAX_LISTENERS: 1000,
      PORT: 8080,
      SITE: "austin",
      SITE_URL: "https://news.example.org",
      LOG_LEVEL: "warn",
      DATA_DIR: "/var/lib/news",
    });
  });

  it("treats empty values as unset", () => {
    const env = readEnv({ PORT: "", SITE_URL: "" });
    expect(env.PORT).toBe(3000);
    expect(env.SITE_URL).toBeUndefined();
  });

  it.each([
    ["SITE", { SITE: "gotham" }, /SITE: must be one of: houston, austin/],
    ["PORT", { PORT: "eighty" }, /PORT:/],
    ["PORT", { PORT: "70000" }, /PORT:/],
    [
      "SITE_URL",
      { SITE_URL: "javascript:alert(1)" },
      /SITE_URL: must be an absolute http\(s\) URL/,
    ],
    ["LOG_LEVEL", { LOG_LEVEL: "loud" }, /LOG_LEVEL:/],
    ["FEED_REFRESH_SECONDS", { FEED_REFRESH_SECONDS: "1" }, /FEED_REFRESH_SECONDS:/],
    ["RADIO_MAX_LISTENERS", { RADIO_MAX_LISTENERS: "lots" }, /RADIO_MAX_LISTENERS:/],
    ["RADIO_MAX_LISTENERS", { RADIO_MAX_LISTENERS: "0" }, /RADIO_MAX_LISTENERS:/],
  ])("rejects a bad %s with its name", (_name, source, message) => {
    expect(() => readEnv(source)).toThrow(EnvError);
    expect(() => readEnv(source)).toThrow(message);
  });
});

describe("the documentation of the settings", () => {
  const root = path.resolve(import.meta.dirname, "..");
  const readme = readFileSync(path.join(root, "README.md"), "utf8");
  const example = readFileSync(path.join(root, ".env.example"), "utf8");

  it.each(SETTING_NAMES)("%s is in the README's table and in .env.example", (name) => {
    expect(readme).toMatch(new RegExp(`^\\| \`${name}\` +\\|`, "m"));
    expect(example).toMatch(new RegExp(`^${name}=`, "m"));
  });
});
