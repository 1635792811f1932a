import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CityDirectory } from "../server/cities/directory";

const ROOT = path.resolve(import.meta.dirname, "..");
const dir = mkdtempSync(path.join(os.tmpdir(), "cities-"));
const citiesDir = path.join(dir, "cities");
cpSync(path.join(ROOT, "sites/cities"), citiesDir, { recursive: true });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (script: string, ...args: string[]) =>
  spawnSync(process.execPath, ["--import", "tsx", script, ...args], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      CITIES_DIR: citiesDir,
      NETWORK_FILE: path.join(ROOT, "sites/network.json"),
    },
    encoding: "utf8",
    timeout: 30_000,
  });

const TULSA = [
  "--name",
  "Tulsa City Wire",
  "--city",
  "Tulsa",
  "--state",
  "Oklahoma",
  "--tz",
  "America/Chicago",
  "--host",
  "tulsacitywire.com",
  "--lat",
  "36.154",
  "--lon=-95.9928",
];

// Each test starts a process through tsx (about a second, several on a busy 2-core machine).
describe("npm run city:new and city:check", { timeout: 60_000 }, () => {
  it("writes a valid city holding only what differs, which city:check then accepts", () => {
    const made = run("scripts/city-new.ts", ...TULSA);
    expect(made.stderr).toBe("");
    expect(made.status).toBe(0);
    const data = JSON.parse(readFileSync(path.join(citiesDir, "tulsa.json"), "utf8")) as Record<
      string,
      unknown
    >;
    expect(data).toMatchObject({
      name: "Tulsa City Wire",
      stateCode: "OK",
      hosts: ["tulsacitywire.com"],
      geo: { latitude: 36.154, longitude: -95.9928 },
      contact: { email: "newsroom@tulsacitywire.com" },
    });
    // The network's texts stay the network's: nothing of them is copied into the file.
    expect(data).not.toHaveProperty("content");
    expect(data).not.toHaveProperty("partners");
    const checked = run("scripts/city-check.ts");
    expect(checked.status).toBe(0);
    expect(checked.stdout).toContain("ok       tulsa");
    expect(checked.stdout).toContain("+contact.email");
    // Houston's Spanish edition is checked as a city of its own.
    expect(checked.stdout).toContain("ok       houston.es (");
    expect(checked.stdout).toMatch(/5 of 5 cities and editions valid/);
  });

  it("--locale es-US makes a city Spanish throughout: its texts from the Spanish layer", () => {
    const made = run(
      "scripts/city-new.ts",
      ...TULSA.map((a) => (a === "tulsacitywire.com" ? "noticiastulsa.com" : a)),
      "--id",
      "tulsa-es",
      "--locale",
      "es-US",
    );
    expect(made.stderr).toBe("");
    expect(made.status).toBe(0);
    const data = JSON.parse(readFileSync(path.join(citiesDir, "tulsa-es.json"), "utf8")) as Record<
      string,
      unknown
    >;
    // No English tagline or keywords written into the file: the language's layer has them.
    expect(data).toMatchObject({ locale: "es-US" });
    expect(data).not.toHaveProperty("tagline");
    expect(data).not.toHaveProperty("keywords");
    const directory = new CityDirectory({
      dir: citiesDir,
      networkFile: path.join(ROOT, "sites/network.json"),
    });
    const loaded = directory.load("tulsa-es");
    if (!("city" in loaded)) throw new Error(loaded.problem.message);
    const { city } = loaded;
    expect(city.tagline).toBe(
      "Noticias locales, política, negocios, deportes, cultura y eventos de Tulsa, Oklahoma, con radio en vivo y recursos para la comunidad.",
    );
    expect(city.keywords).toContain("noticias de Tulsa");
    expect(city.contact.officeHours).not.toMatch(/Monday|Friday/);
    const faq = JSON.stringify(city.content.pages.faq);
    expect(faq).toMatch(/¿/);
    expect(faq).not.toMatch(/\b(the|and|your)\b/);
    const checked = run("scripts/city-check.ts");
    expect(checked.stdout).toContain("ok       tulsa-es (");
    expect(checked.stdout).toContain(", es-US)");
    rmSync(path.join(citiesDir, "tulsa-es.json"));
  });

  it("city:check names a city whose locale's language has no interface catalogue", () => {
    const file = path.join(citiesDir, "quebec.json");
    writeFileSync(
      file,
      JSON.stringify({
        name: "Québec Nouvelles",
        city: "Quebec City",
        state: "Quebec",
        stateCode: "QC",
        geo: { latitude: 46.81, longitude: -71.21 },
        timeZone: "America/Toronto",
        locale: "fr-CA",
        hosts: ["quebecnouvelles.example"],
        contact: { email: "salle@quebecnouvelles.example" },
      }),
    );
    const checked = run("scripts/city-check.ts");
    rmSync(file);
    expect(checked.status).toBe(1);
    expect(checked.stdout).toContain("INVALID  quebec");
    expect(checked.stdout).toContain('locale fr-CA: no interface catalogue for "fr"');
    expect(checked.stdout).toContain("ok       houston");
  });

  it("never overwrites a city, nor takes a host another city answers to", () => {
    const again = run("scripts/city-new.ts", ...TULSA);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain("exists already");
    const stolen = run(
      "scripts/city-new.ts",
      ...TULSA.map((a) => (a === "tulsacitywire.com" ? "www.houstoncitywire.com" : a)),
      "--id",
      "tulsa-two",
    );
    expect(stolen.status).toBe(1);
    expect(stolen.stderr).toContain("The host www.houstoncitywire.com is already houston's");
  });

  it("refuses missing flags with the usage, and a place it cannot name", () => {
    const missing = run("scripts/city-new.ts", "--name", "X City Wire");
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain("--lat and --lon are required");
    const nowhere = run(
      "scripts/city-new.ts",
      ...TULSA.map((a) => (a === "Oklahoma" ? "Atlantis" : a)),
      "--id",
      "atlantis",
    );
    expect(nowhere.status).toBe(2);
    expect(nowhere.stderr).toContain('No two-letter code known for the state "Atlantis"');
  });

  it("city:check names the file and field of an invalid city, and still checks the others", () => {
    const bad = path.join(citiesDir, "broken.json");
    writeFileSync(
      bad,
      JSON.stringify({
        name: "Broken",
        hosts: ["broken.example"],
        timeZone: "UTC",
        contact: { email: "nope" },
      }),
    );
    const checked = run("scripts/city-check.ts");
    rmSync(bad);
    expect(checked.status).toBe(1);
    expect(checked.stdout).toContain("INVALID  broken");
    expect(checked.stdout).toContain(bad);
    expect(checked.stdout).toContain("contact.email");
    expect(checked.stdout).toContain("ok       houston");
  });
});
