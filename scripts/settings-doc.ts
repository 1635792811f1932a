// npm run docs:settings: writes docs/settings.md from the settings' schema (server/settings/env.ts):
// each setting's type and bounds and its default as EnvSchema has them, its meaning from
// SETTING_GROUPS. A test (scripts/settings-doc.test.ts) fails when the checked-in file differs
// from what this writes, so the page cannot drift from the code.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import prettier from "prettier";
import { z } from "zod";
import {
  EnvSchema,
  SETTING_DEFAULTS,
  SETTING_GROUPS,
  SETTING_NAMES,
  SETTING_TYPES,
  type SettingName,
} from "../server/settings/env";

export const SETTINGS_DOC = path.resolve(import.meta.dirname, "../docs/settings.md");

/** The part of a JSON Schema this page reads. */
interface FieldSchema {
  type?: string;
  enum?: string[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
  anyOf?: FieldSchema[];
}

const number = (n: number) => n.toLocaleString("en-US");
const code = (text: string) => `\`${text}\``;

/** The schema of each setting as the environment gives it (a string, before any transform). */
function inputSchemas(): Record<string, FieldSchema> {
  const json = z.toJSONSchema(EnvSchema, { io: "input", unrepresentable: "any" }) as {
    properties: Record<string, FieldSchema>;
  };
  return json.properties;
}

/** A setting's type in words: the schema's enum, integer bounds, URL or string. */
export function typeInWords(name: SettingName, field: FieldSchema): string {
  const words = SETTING_TYPES[name];
  if (words) return words;
  if (field.enum?.join() === "true,false") return "`true` or `false`";
  if (field.enum) return `one of ${field.enum.map(code).join(", ")}`;
  if (field.type === "integer") {
    const bounds = [field.minimum, field.maximum];
    return bounds.every((b) => b !== undefined)
      ? `integer, ${number(bounds[0] as number)} to ${number(bounds[1] as number)}`
      : "integer";
  }
  if (field.format === "uri") return "an http(s) URL";
  if (/_(DIR|FILE)$/.test(name)) return "a path";
  if (field.minLength && field.minLength > 1)
    return `string, at least ${field.minLength} characters`;
  return "string";
}

/** A setting's default: in words where env.ts gives them, else the schema's, else unset. */
export function defaultInWords(name: SettingName, field: FieldSchema): string {
  const words = SETTING_DEFAULTS[name];
  if (words) return words;
  if (field.default !== undefined) return code(String(field.default));
  // A default after a transform (a URL with its trailing slash taken off) is the output's.
  const parsed = EnvSchema.shape[name].safeParse(undefined);
  if (parsed.success && typeof parsed.data === "string") return code(parsed.data);
  return "unset";
}

/** One table row; a pipe in the text would end its cell. */
function row(cells: string[]): string {
  return `| ${cells.map((cell) => cell.replaceAll("|", "\\|")).join(" | ")} |`;
}

/** The page, before formatting: every setting of SETTING_GROUPS in its group's table. */
export function settingsMarkdown(): string {
  const fields = inputSchemas();
  const sections = SETTING_GROUPS.map(({ title, settings }) => {
    const rows = Object.entries(settings).map(([key, meaning]) => {
      const name = key as SettingName;
      const field = fields[name] ?? {};
      return row([code(name), typeInWords(name, field), defaultInWords(name, field), meaning]);
    });
    return [
      `## ${title}`,
      "",
      row(["Setting", "Type", "Default", "Meaning"]),
      "| --- | --- | --- | --- |",
      ...rows,
    ].join("\n");
  });
  return [
    "# Settings",
    "",
    "<!-- Written by `npm run docs:settings` from server/settings/env.ts: edit that file, not this one. -->",
    "",
    "Every setting is an environment variable, checked at start-up (`server/settings/env.ts`); a bad",
    "value stops the server with a message naming it. `.env.example` lists them with safe local",
    "values: copy it to `.env` (the server reads a `.env` in its working directory at start-up, as",
    "do `npm run demo` and `npm run messages`; a variable set in the environment wins over the",
    "file). An empty value counts as unset.",
    "",
    ...sections.flatMap((section) => [section, ""]),
  ].join("\n");
}

/** The page as written: formatted as the repository's Prettier formats Markdown. */
export async function settingsDoc(): Promise<string> {
  const options = (await prettier.resolveConfig(SETTINGS_DOC)) ?? {};
  return prettier.format(settingsMarkdown(), { ...options, parser: "markdown" });
}

/** Settings of the schema that no group documents, and names a group documents that are none. */
export function undocumentedSettings(): { missing: string[]; unknown: string[] } {
  const documented = SETTING_GROUPS.flatMap(({ settings }) => Object.keys(settings));
  return {
    missing: SETTING_NAMES.filter((name) => !documented.includes(name)),
    unknown: documented.filter((name) => !SETTING_NAMES.includes(name)),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { missing, unknown } = undocumentedSettings();
  if (missing.length > 0 || unknown.length > 0) {
    console.error(
      `SETTING_GROUPS: missing ${missing.join(", ")}; not settings ${unknown.join(", ")}`,
    );
    process.exit(1);
  }
  writeFileSync(SETTINGS_DOC, await settingsDoc());
  console.log(`wrote ${path.relative(process.cwd(), SETTINGS_DOC)}`);
}
