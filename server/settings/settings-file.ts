import { readFileSync } from "node:fs";
import type { z } from "zod";

/** Thrown for a settings file that cannot be used; the message names the setting, file and bad keys. */
export class SettingsFileError extends Error {
  override name = "SettingsFileError";
}

/**
 * Reads the JSON file a setting names (FEEDS_FILE, EMBEDS_FILE) and checks it against its schema;
 * anything wrong stops start-up with one message that lists every bad key.
 */
export function readSettingsFile<S extends z.ZodType>(
  setting: string,
  file: string,
  schema: S,
  ErrorClass: new (message: string) => SettingsFileError = SettingsFileError,
): z.output<S> {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new ErrorClass(`Cannot read ${setting} ${file}: ${(error as Error).message}`);
  }
  const result = schema.safeParse(json);
  if (!result.success) {
    const problems = result.error.issues.map((i) => {
      const where = [...i.path, ...("keys" in i ? (i.keys as string[]) : [])].join(".") || "(root)";
      return `  - ${where}: ${i.message}`;
    });
    throw new ErrorClass(`Invalid ${setting} ${file}:\n${problems.join("\n")}`);
  }
  return result.data;
}
