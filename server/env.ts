import { existsSync, readFileSync } from "node:fs";
import { parseEnv } from "node:util";
import { z } from "zod";
import { DEFAULT_SITE_ID, SITE_IDS, type SiteId } from "../sites/registry";

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  SITE: z
    .string()
    .default(DEFAULT_SITE_ID)
    .refine((id): id is SiteId => (SITE_IDS as string[]).includes(id), {
      error: `must be one of: ${SITE_IDS.join(", ")}`,
    }),
  SITE_URL: z
    .url({ protocol: /^https?$/, error: "must be an absolute http(s) URL" })
    .transform((u) => u.replace(/\/+$/, ""))
    .optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  FEEDS_FILE: z.string().min(1).optional(),
  FEED_REFRESH_SECONDS: z.coerce.number().int().min(10).max(86_400).default(600),
  RADIO_UPSTREAM: z
    .url({ protocol: /^https?$/, error: "must be an absolute http(s) URL" })
    .optional(),
  RADIO_MAX_LISTENERS: z.coerce.number().int().min(1).max(100_000).optional(),
  RADIO_PORTS: z
    .string()
    .regex(/^\d{1,5}(,\d{1,5})*$/, "must be comma-separated port numbers")
    .transform((list) => list.split(",").map(Number))
    .refine((ports) => ports.every((p) => p >= 1 && p <= 65535), "ports must be 1 to 65535")
    .optional(),
  FEED_BACKOFF_BASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  RETENTION_MIN_PER_FEED: z.coerce.number().int().min(15).max(10_000).default(50),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

/** The name of every setting (README and .env.example document each). */
export const SETTING_NAMES = Object.keys(EnvSchema.shape);

export type Env = Omit<z.infer<typeof EnvSchema>, "SITE"> & { SITE: SiteId };

/** Thrown when an environment variable is invalid; the message names each bad variable. */
export class EnvError extends Error {
  override name = "EnvError";
}

/** The settings file read at start-up, from the working directory, when it exists. */
export const ENV_FILE = ".env";

/**
 * The settings of `file` (a .env: `NAME=value` lines, # comments) under those of `environment`:
 * a variable set in the real environment wins over the file, as with Node's --env-file. A file
 * that does not exist adds nothing.
 */
export function withEnvFile(
  environment: NodeJS.ProcessEnv = process.env,
  file = ENV_FILE,
): NodeJS.ProcessEnv {
  if (!existsSync(file)) return environment;
  return { ...parseEnv(readFileSync(file, "utf8")), ...environment };
}

/**
 * Reads and checks the settings from an environment (process.env by default). Nothing else in the
 * server reads process.env. Empty strings count as unset, as in a copied .env.example.
 */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `  - ${i.path.join(".")}: ${i.message}`);
    throw new EnvError(`Invalid environment:\n${problems.join("\n")}`);
  }
  return result.data as Env;
}
