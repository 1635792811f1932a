import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

// schema.org's vocabulary, read from the declarations of schema-dts (a devDependency, generated
// from schema.org's own release), so structured data is checked with no network and no copy of
// the vocabulary kept here. What a declaration file gives, and what this reads of it:
//   interface FooBase extends BarBase { "prop"?: SchemaValue<Range | Range, "prop">; }
//   export interface FooLeaf extends FooBase { "@type": "Foo"; }
//   export type Foo = FooLeaf | SubtypeOfFoo | string;

/** What a range accepts: node types (by @type), primitives, and `{ "@id" }` references. */
export interface Accepts {
  types: Set<string>;
  primitives: Set<"string" | "number" | "boolean">;
  reference: boolean;
  /** The range names Date or DateTime (the value is a date). */
  date: boolean;
}

export interface Vocabulary {
  /** Whether schema.org has this type. */
  hasType(type: string): boolean;
  /** The range of one of a type's properties (its own or inherited), or undefined. */
  range(type: string, property: string): Accepts | undefined;
  /** Every type that is this type or one of its subtypes. */
  subtypes(type: string): Set<string>;
}

const BASE = /^(?:export )?interface (\w+) extends (.+) \{$/;
const ROLE_LEAF = /^export type (\w+)Leaf<.*> = Omit<(\w+), TProperty> & \{$/;
const PROPERTY = /^\s+"([^"]+)"\?: SchemaValue<(.+), "[^"]+">;$/;
const AT_TYPE = /^\s+"@type": "([^"]+)";$/;
const UNION = /^export type (\w+)(?:<[^=]*>)? = (.+);$/;

/** What the declaration file says, by interface and type name. */
interface Declarations {
  /** Interface → the interfaces it extends. */
  parents: Map<string, string[]>;
  /** Interface → its own properties and their ranges (names of types and data types). */
  properties: Map<string, Map<string, string[]>>;
  /** @type → the leaf interface of that type. */
  leafOf: Map<string, string>;
  /** Leaf interface → its @type. */
  typeOf: Map<string, string>;
  /** Type alias → its members (a type's leaf and subtypes; a data type's primitives). */
  unions: Map<string, string[]>;
}

function readDeclarations(lines: readonly string[]): Declarations {
  const d: Declarations = {
    parents: new Map(),
    properties: new Map(),
    leafOf: new Map(),
    typeOf: new Map(),
    unions: new Map(),
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    const union = UNION.exec(line);
    if (union?.[1] && union[2] && !union[2].includes("&")) {
      // Generic members (a Role's `FooLeaf<TContent, TProperty>`) by their name.
      d.unions.set(
        union[1],
        union[2].split(" | ").map((m) => m.replace(/<.*$/, "")),
      );
      continue;
    }
    const role = ROLE_LEAF.exec(line);
    const base = BASE.exec(line);
    const name = role ? `${role[1]}Leaf` : base?.[1];
    if (!name) continue;
    const extended = role ? [role[2] ?? ""] : (base?.[2] ?? "").split(", ");
    d.parents.set(
      name,
      extended.filter((p) => /^\w+$/.test(p)),
    );
    i = readBody(lines, i + 1, name, d);
  }
  return d;
}

/** Reads an interface's body from `start` up to its closing brace; returns that line's index. */
function readBody(lines: readonly string[], start: number, name: string, d: Declarations) {
  const own = new Map<string, string[]>();
  let i = start;
  for (; i < lines.length && !/^\}/.test(lines[i] ?? ""); i++) {
    const property = PROPERTY.exec(lines[i] ?? "");
    if (property?.[1] && property[2]) own.set(property[1], property[2].split(" | "));
    const type = AT_TYPE.exec(lines[i] ?? "")?.[1];
    if (type) {
      d.typeOf.set(name, type);
      d.leafOf.set(type, name);
    }
  }
  d.properties.set(name, own);
  return i;
}

const accepting = (date = false): Accepts => ({
  types: new Set(),
  primitives: new Set(),
  reference: false,
  date,
});

function addTo(into: Accepts, from: Accepts): void {
  from.types.forEach((t) => into.types.add(t));
  from.primitives.forEach((p) => into.primitives.add(p));
  into.reference ||= from.reference;
}

class SchemaVocabulary implements Vocabulary {
  private readonly expanded = new Map<string, Accepts>();

  constructor(private readonly d: Declarations) {}

  hasType(type: string): boolean {
    return this.d.leafOf.has(type);
  }

  range(type: string, property: string): Accepts | undefined {
    const leaf = this.d.leafOf.get(type);
    const names = leaf === undefined ? undefined : this.findProperty(leaf, property);
    if (!names) return undefined;
    const accepts = accepting(names.some((n) => n === "Date" || n === "DateTime"));
    names.forEach((n) => addTo(accepts, this.expand(n)));
    return accepts;
  }

  subtypes(type: string): Set<string> {
    return this.expand(type).types;
  }

  /** A property's range, declared on the interface or inherited. */
  private findProperty(iface: string, property: string): string[] | undefined {
    const own = this.d.properties.get(iface)?.get(property);
    if (own) return own;
    for (const parent of this.d.parents.get(iface) ?? []) {
      const found = this.findProperty(parent, property);
      if (found) return found;
    }
    return undefined;
  }

  /** What a name in a range (a type, a data type or a primitive) accepts. */
  private expand(name: string): Accepts {
    const cached = this.expanded.get(name);
    if (cached) return cached;
    const accepts = accepting();
    if (name === "IdReference") accepts.reference = true;
    else if (name === "string" || name.startsWith('"')) accepts.primitives.add("string");
    else if (name === "number" || name === "`${number}`") accepts.primitives.add("number");
    else if (name === "boolean") accepts.primitives.add("boolean");
    const type = this.d.typeOf.get(name);
    if (type) accepts.types.add(type);
    // Members are a type's leaf and subtypes: the subtype tree has no cycles.
    this.d.unions.get(name)?.forEach((member) => addTo(accepts, this.expand(member)));
    this.expanded.set(name, accepts);
    return accepts;
  }
}

/** Reads schema-dts's declaration file into a vocabulary. */
export function loadVocabulary(): Vocabulary {
  const require = createRequire(import.meta.url);
  const file = path.join(path.dirname(require.resolve("schema-dts")), "schema.d.ts");
  return new SchemaVocabulary(readDeclarations(readFileSync(file, "utf8").split("\n")));
}

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: Json): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** ISO 8601 date-time with seconds optional and a zone (Z or ±hh:mm). */
export const ISO_DATE_TIME_WITH_ZONE =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * Checks a JSON-LD document against the vocabulary: the context is schema.org; every node's
 * @type exists; every property exists on that type (or a supertype); every value is of a kind its
 * range accepts (a node of an accepted type or a subtype, an `{ "@id" }` reference, text, a
 * number, a boolean); and every date (a property whose range holds Date or DateTime) is an ISO
 * 8601 date-time with a zone. Returns what is wrong, as `path: problem` lines.
 */
export function checkJsonLd(document: Json, vocabulary: Vocabulary): string[] {
  const errors: string[] = [];
  if (!isObject(document)) return ["$: not an object"];
  if (document["@context"] !== "https://schema.org") errors.push("$: @context is not schema.org");
  const graph = document["@graph"];
  if (graph !== undefined) {
    if (!Array.isArray(graph)) return [...errors, "$.@graph: not an array"];
    graph.forEach((node, i) => checkNode(node, `$.@graph[${i}]`, undefined));
  } else {
    checkNode(document, "$", undefined);
  }
  return errors;

  function checkNode(node: Json, at: string, accepts: Accepts | undefined): void {
    if (!isObject(node)) return void errors.push(`${at}: not an object`);
    const type = node["@type"];
    if (type === undefined) {
      const onlyId = Object.keys(node).every((k) => k === "@id") && typeof node["@id"] === "string";
      if (!onlyId) errors.push(`${at}: a node without @type that is not an { "@id" } reference`);
      else if (accepts && !accepts.reference) errors.push(`${at}: a reference is not accepted`);
      return;
    }
    if (typeof type !== "string" || !vocabulary.hasType(type)) {
      return void errors.push(`${at}: unknown @type ${JSON.stringify(type)}`);
    }
    if (accepts && !accepts.types.has(type)) errors.push(`${at}: ${type} is not accepted here`);
    for (const [key, value] of Object.entries(node)) {
      if (key === "@type" || key === "@context") continue;
      if (key === "@id") {
        if (typeof value !== "string") errors.push(`${at}.@id: not a string`);
        continue;
      }
      const range = vocabulary.range(type, key);
      if (!range) {
        errors.push(`${at}: ${type} has no property "${key}"`);
        continue;
      }
      (Array.isArray(value) ? value : [value]).forEach((v, i) =>
        checkValue(v, Array.isArray(value) ? `${at}.${key}[${i}]` : `${at}.${key}`, range),
      );
    }
  }

  function checkValue(value: Json, at: string, range: Accepts): void {
    if (isObject(value)) return checkNode(value, at, range);
    const kind = typeof value;
    if (value === null || (kind !== "string" && kind !== "number" && kind !== "boolean")) {
      return void errors.push(`${at}: not a value JSON-LD can hold here`);
    }
    if (!range.primitives.has(kind as "string" | "number" | "boolean")) {
      errors.push(`${at}: a ${kind} is not accepted`);
    }
    if (range.date && !(typeof value === "string" && ISO_DATE_TIME_WITH_ZONE.test(value))) {
      errors.push(`${at}: ${JSON.stringify(value)} is not an ISO 8601 date-time with a zone`);
    }
  }
}
