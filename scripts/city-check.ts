// npm run city:check: validates every city of CITIES_DIR as the server reads it (merged over
// NETWORK_FILE, templates expanded) and prints what each one overrides of the network's
// defaults, and each of its other editions (sites/editions.ts). Exits 1 when any city or edition
// is invalid, naming its file and each bad field, or when its locale's language lacks a key of
// the interface's catalogue (common/i18n): its pages would say it in English.
//   npm run city:check [-- --json]
import { parseArgs } from "node:util";
import { CATALOGUES, languageOf, missingKeys } from "../common/i18n";
import { CityDirectory } from "../server/cities/directory";
import { readEnv, withEnvFile } from "../server/settings/env";

/**
 * The fields a city file sets, as dotted paths (objects followed two levels down): those the
 * network also sets are overrides, the others additions (marked +).
 */
function overriddenPaths(defaults: unknown, city: unknown, prefix = "", depth = 0): string[] {
  if (!isObject(city)) return [];
  return Object.entries(city).flatMap(([key, value]) => {
    const path = prefix + key;
    const base = isObject(defaults) ? defaults[key] : undefined;
    if (isObject(value) && isObject(base) && depth < 1) {
      return overriddenPaths(base, value, `${path}.`, depth + 1);
    }
    return [base === undefined ? `+${path}` : path];
  });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

let json = false;
try {
  json = parseArgs({ options: { json: { type: "boolean" } } }).values.json ?? false;
} catch (error) {
  console.error(`${(error as Error).message}\nUsage: npm run city:check [-- --json]`);
  process.exit(2);
}
const env = readEnv(withEnvFile());
const directory = new CityDirectory({ dir: env.CITIES_DIR, networkFile: env.NETWORK_FILE });
/**
 * What the interface's catalogue of a locale's language lacks, as a problem's text; none when it
 * has every key.
 */
function catalogueGap(locale: string): string | undefined {
  const language = languageOf(locale);
  const catalogue = CATALOGUES[language];
  const missing = missingKeys(catalogue ?? {});
  if (missing.length === 0) return undefined;
  const some = missing.slice(0, 5).join(", ") + (missing.length > 5 ? ", …" : "");
  return catalogue
    ? `  - locale ${locale}: the "${language}" catalogue lacks ${missing.length} key(s): ${some}`
    : `  - locale ${locale}: no interface catalogue for "${language}" (common/i18n/${language}/): all ${missing.length} keys missing`;
}

/** A city's (or an edition's) line of the report. */
function check(id: string, file: string | undefined, overrides: () => string[]) {
  const loaded = directory.load(id);
  if (!("city" in loaded)) {
    return { id, file: loaded.problem.file, ok: false, error: loaded.problem.message };
  }
  const gap = catalogueGap(loaded.city.locale);
  if (gap)
    return {
      id,
      file,
      ok: false,
      error: `${file}: ${id} cannot be served in its language:\n${gap}`,
    };
  return { id, file, ok: true, locale: loaded.city.locale, overrides: overrides() };
}

const report = directory.ids().flatMap((id) => {
  const file = directory.fileOf(id);
  return [
    check(id, file, () => overriddenPaths(directory.defaults(), directory.raw(id))),
    ...directory
      .editionsOf(id)
      .map((edition) => check(edition.site, file, () => [`editions.${edition.index}`])),
  ];
});
const problems = [
  ...directory.problems.map((p) => ({ id: p.id, file: p.file, ok: false, error: p.message })),
  ...report.filter((r) => !r.ok),
];
if (json) {
  process.stdout.write(
    `${JSON.stringify({ cities: report, problems: directory.problems }, null, 2)}\n`,
  );
} else {
  for (const city of report) {
    if (city.ok && "overrides" in city) {
      console.log(
        `ok       ${city.id} (${city.file}, ${city.locale})\n  overrides: ${city.overrides?.join(", ") || "nothing"}`,
      );
    }
  }
  for (const problem of problems) console.log(`INVALID  ${problem.id}\n${problem.error}`);
  const valid = report.filter((r) => r.ok).length;
  console.log(`\n${valid} of ${valid + problems.length} cities and editions valid`);
}
process.exit(problems.length > 0 ? 1 : 0);
