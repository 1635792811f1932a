import { CITY_ID, CitySchema, SiteConfigError, describeIssues, type City } from "./schema";

// Cities as data: one JSON file per city (sites/cities/<id>.json) holds only what differs from
// the network's defaults (sites/network.json). Pure functions: no file system here (the server
// reads the files; see server/cities/directory.ts).

export { CITY_ID };

/** The names a string of the data may use as `{name}`, replaced by the city's own values. */
export const TEMPLATE_VARS = [
  "name",
  "city",
  "state",
  "stateCode",
  "email",
  "phone",
  "address",
  "host",
] as const;
export type TemplateVar = (typeof TEMPLATE_VARS)[number];
export type TemplateVars = Partial<Record<TemplateVar, string>>;

type PlainObject = Record<string, unknown>;

/** An object as JSON.parse makes them (not an array, a Date, a class instance…). */
function isPlainObject(value: unknown): value is PlainObject {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** Sets an own data property, even one named `__proto__` (JSON.parse makes those). */
function setOwn(target: PlainObject, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/** A shallow copy keeping every own key, `__proto__` included. */
function copyOf(source: PlainObject): PlainObject {
  const copy: PlainObject = {};
  for (const key of Object.keys(source)) setOwn(copy, key, source[key]);
  return copy;
}

/**
 * A city's data over the network's defaults. Plain objects merge key by key, recursively; an
 * array, a string, a number or a boolean in the city replaces the default's wholesale; a key
 * whose value is `null` in the city is deleted (whether or not the default has it); a key the
 * city leaves out keeps the default's value.
 *
 * Nothing is cloned: a sub-tree the city does not touch is the default's own object (shared by
 * every city merged over the same defaults), and one the city gives without a `null` in it is
 * the city's own. A new object is made only where the two are combined. Neither input is
 * modified, and the result must not be either.
 */
export function mergeOverDefaults(defaults: unknown, city: unknown): unknown {
  if (city === undefined) return defaults;
  if (!isPlainObject(city)) return city;
  const base = isPlainObject(defaults) ? defaults : undefined;
  let result: PlainObject | undefined;
  for (const key of Object.keys(city)) {
    const had = base !== undefined && Object.hasOwn(base, key);
    const before = had ? base[key] : undefined;
    const value = city[key];
    if (value === null) {
      if (!had && base !== undefined) continue; // Deleting what is not there changes nothing.
      result ??= copyOf(base ?? city);
      Reflect.deleteProperty(result, key);
      continue;
    }
    const merged = mergeOverDefaults(before, value);
    if (had && merged === before) continue;
    if (base === undefined && merged === value) continue; // The city's own object, kept as is.
    result ??= copyOf(base ?? city);
    setOwn(result, key, merged);
  }
  return result ?? base ?? city;
}

/** Replaces every `{var}` of a string whose var is given; other braces are left as they are. */
function expandString(text: string, vars: TemplateVars): string {
  if (!text.includes("{")) return text;
  return text.replace(/\{([A-Za-z]+)\}/g, (whole, name: string) =>
    Object.hasOwn(vars, name) && typeof vars[name as TemplateVar] === "string"
      ? (vars[name as TemplateVar] as string)
      : whole,
  );
}

/**
 * Every string of a value with its templates filled in: `{name}`, `{city}`, `{state}`,
 * `{stateCode}`, `{email}`, `{phone}`, `{address}` and `{host}` become the given values (one
 * pass: a value is not expanded again); a `{x}` without a value is left as it is. Arrays and
 * plain objects are copied only where a string inside them changed; everything else, and every
 * sub-tree without a template, is returned as the very same object.
 */
export function expandTemplates<T>(value: T, vars: TemplateVars): T {
  return expand(value, vars) as T;
}

function expand(value: unknown, vars: TemplateVars): unknown {
  if (typeof value === "string") return expandString(value, vars);
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item: unknown, i) => {
      const expanded = expand(item, vars);
      if (expanded === item) return;
      copy ??= [...value];
      copy[i] = expanded;
    });
    return copy ?? value;
  }
  if (isPlainObject(value)) {
    let copy: PlainObject | undefined;
    for (const key of Object.keys(value)) {
      const item = value[key];
      const expanded = expand(item, vars);
      if (expanded === item) continue;
      copy ??= copyOf(value);
      setOwn(copy, key, expanded);
    }
    return copy ?? value;
  }
  return value;
}

/** A string at a path of the data, if it is one. */
function stringAt(data: unknown, ...path: (string | number)[]): string | undefined {
  let at = data;
  for (const key of path) {
    if (typeof at !== "object" || at === null) return undefined;
    at = (at as Record<string | number, unknown>)[key];
  }
  return typeof at === "string" ? at : undefined;
}

/**
 * The template values of a city from its merged data: its name, city, state, state code,
 * contact e-mail, phone and address, and its first (canonical) host. A value may itself use
 * another (`"email": "newsroom@{host}"`): the values are expanded once among themselves.
 */
export function templateVars(data: unknown): TemplateVars {
  const raw: TemplateVars = {
    name: stringAt(data, "name"),
    city: stringAt(data, "city"),
    state: stringAt(data, "state"),
    stateCode: stringAt(data, "stateCode"),
    email: stringAt(data, "contact", "email"),
    phone: stringAt(data, "contact", "phone"),
    address: stringAt(data, "contact", "address"),
    host: stringAt(data, "hosts", 0),
  };
  const vars: TemplateVars = {};
  for (const name of TEMPLATE_VARS) {
    const value = raw[name];
    if (value !== undefined) vars[name] = expandString(value, raw);
  }
  return vars;
}

/**
 * A city from its data file: the file merged over the network's defaults (mergeOverDefaults),
 * its templates expanded with the city's own values (templateVars), its id (the file's name)
 * set, then validated by CitySchema. Throws a SiteConfigError whose message starts with
 * `source` (the file's path) and names each bad field by its dotted path.
 *
 * The city returned is the merged data itself, not a copy made by the validation, so the
 * sub-trees it shares with the defaults (and with other cities) stay shared. `baseUrl` is left
 * as the data gives it: absent, the canonical base is https:// and the first host.
 */
export function parseCity(id: string, defaults: unknown, file: unknown, source: string): City {
  if (!isPlainObject(file)) {
    throw new SiteConfigError(`${source}: a city's data must be a JSON object`);
  }
  if (Object.hasOwn(file, "id")) {
    throw new SiteConfigError(
      `${source}: invalid city data:\n  - id: unknown key (a city's id is its file's name)`,
    );
  }
  const merged = mergeOverDefaults(defaults, file);
  const expanded = expandTemplates(merged, templateVars(merged));
  const data = { ...(isPlainObject(expanded) ? expanded : {}), id };
  const result = CitySchema.safeParse(data);
  if (!result.success) {
    throw new SiteConfigError(
      `${source}: invalid city data:\n${describeIssues(result.error.issues)}`,
    );
  }
  // Validation succeeded: the data has CitySchema's shape (which transforms nothing).
  return data as City;
}
