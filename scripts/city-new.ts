// npm run city:new: writes a new city's data file (CITIES_DIR/<id>.json) holding only what
// differs from the network's defaults, and checks it as the server will read it.
//   npm run city:new -- --name "Tulsa City Wire" --city Tulsa --state Oklahoma \
//     --tz America/Chicago --host tulsacitywire.com [--host www.tulsacitywire.com]
//     --lat 36.154 --lon=-95.9928 [--id tulsa] [--state-code OK] [--locale en-US]
//     [--email newsroom@…] [--phone "(918) 555-0100"] [--address "…"] [--local-feed URL]…
// It refuses to replace an existing file, and to take a host another city answers to.
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { CITY_ID } from "../sites/city-data";
import { CityDirectory } from "../server/cities/directory";
import { readEnv, withEnvFile } from "../server/settings/env";
import { US_STATES } from "./us-states";

const USAGE =
  "Usage: npm run city:new -- --name NAME --city CITY --state STATE --tz ZONE --host HOST [--host HOST]… --lat=N --lon=N [--id ID] [--state-code XX] [--locale TAG] [--email E] [--phone P] [--address A] [--local-feed URL]…\n(A negative number goes with an equals sign: --lon=-95.99.)";

function fail(message: string, code = 2): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(code);
}

let values: ReturnType<typeof readArgs>;
function readArgs() {
  return parseArgs({
    options: {
      name: { type: "string" },
      city: { type: "string" },
      state: { type: "string" },
      tz: { type: "string" },
      host: { type: "string", multiple: true },
      id: { type: "string" },
      "state-code": { type: "string" },
      lat: { type: "string" },
      lon: { type: "string" },
      locale: { type: "string" },
      email: { type: "string" },
      phone: { type: "string" },
      address: { type: "string" },
      "local-feed": { type: "string", multiple: true },
    },
  }).values;
}
try {
  values = readArgs();
} catch (error) {
  fail((error as Error).message);
}
const { name, city, state, tz } = values;
const hosts = (values.host ?? []).map((h) => h.trim().toLowerCase());
if (!name || !city || !state || !tz || hosts.length === 0 || !values.lat || !values.lon) {
  fail("--name, --city, --state, --tz, --host, --lat and --lon are required");
}
const stateCode = values["state-code"] ?? US_STATES[state.toLowerCase()];
if (!stateCode) fail(`No two-letter code known for the state "${state}": give --state-code`);
const id =
  values.id ??
  city
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
if (!CITY_ID.test(id))
  fail(`"${id}" is not a city id: give --id (lower-case letters, digits, dashes)`);

const env = readEnv(withEnvFile());
const file = path.join(env.CITIES_DIR, `${id}.json`);
if (existsSync(file)) fail(`${file} exists already: a city is never overwritten`, 1);
const directory = new CityDirectory({ dir: env.CITIES_DIR, networkFile: env.NETWORK_FILE });
for (const host of hosts) {
  const owner = directory.byHost(host);
  if (owner) fail(`The host ${host} is already ${owner}'s`, 1);
}

// Where the city is (its geo tags, and its weather point): never guessed.
const geo = { latitude: Number(values.lat), longitude: Number(values.lon) };
const data = {
  name,
  city,
  state,
  stateCode,
  geo,
  timeZone: tz,
  locale: values.locale ?? "en-US",
  hosts,
  contact: {
    email: values.email ?? `newsroom@${hosts[0]?.replace(/^www\./, "")}`,
    ...(values.phone ? { phone: values.phone } : {}),
    ...(values.address ? { address: values.address } : {}),
  },
  ...(values["local-feed"]?.length ? { feeds: { local: values["local-feed"] } } : {}),
};

// Checked as the server reads it (merged over the network's defaults, and the layer of its
// language: a city in Spanish reads Spanish texts, sites/languages/es.json) before it is written.
// Its tagline and keywords are the network's (or its language's), made of its name and state.
try {
  directory.validate(id, data);
} catch (error) {
  fail((error as Error).message, 1);
}
writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`, { flag: "wx" });
console.log(
  `Wrote ${file} (${id}: ${hosts.join(", ")}). Check every city with: npm run city:check`,
);
