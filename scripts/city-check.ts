// npm run city:check: validates every city of CITIES_DIR as the server reads it (merged over
// NETWORK_FILE, templates expanded) and prints what each one overrides of the network's
// defaults. Exits 1 when any city is invalid, naming its file and each bad field.
//   npm run city:check [-- --json]
import { parseArgs } from "node:util";
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
const report = directory.ids().map((id) => {
  const loaded = directory.load(id);
  return "city" in loaded
    ? {
        id,
        file: directory.fileOf(id),
        ok: true,
        overrides: overriddenPaths(directory.defaults(), directory.raw(id)),
      }
    : { id, file: loaded.problem.file, ok: false, error: loaded.problem.message };
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
        `ok       ${city.id} (${city.file})\n  overrides: ${city.overrides?.join(", ") || "nothing"}`,
      );
    }
  }
  for (const problem of problems) console.log(`INVALID  ${problem.id}\n${problem.error}`);
  const valid = report.filter((r) => r.ok).length;
  console.log(`\n${valid} of ${valid + problems.length} cities valid`);
}
process.exit(problems.length > 0 ? 1 : 0);
