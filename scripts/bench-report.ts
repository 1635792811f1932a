// The benchmarks write their latest figures into docs/benchmarks.md, each between its markers
// (`<!-- bench:NAME -->` and `<!-- /bench:NAME -->`), so the page holds the last run's figures
// only and nobody copies them by hand. Their console output stays as it was.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { format } from "node:util";
import prettier from "prettier";

export const BENCHMARKS_DOC = path.resolve(import.meta.dirname, "../docs/benchmarks.md");

/** Each benchmark's section (a benchmark with parts has one per part, so a partial run keeps the rest). */
export const BENCH_SECTIONS = [
  "parse",
  "store",
  "http",
  "http-hostile",
  "http-health",
  "attacks",
  "lighthouse",
  "bytes",
  "bytes-lcp",
  "bytes-rate",
  "radio",
  "cities",
  "live",
  "live-network",
  "push",
  "briefing",
] as const;
export type BenchSection = (typeof BENCH_SECTIONS)[number];

/** `doc` with the text between NAME's markers replaced by `markdown`; throws when they are missing. */
export function replaceBenchSection(doc: string, name: string, markdown: string): string {
  const open = `<!-- bench:${name} -->`;
  const close = `<!-- /bench:${name} -->`;
  const start = doc.indexOf(open);
  const end = doc.indexOf(close, start + open.length);
  if (start < 0 || end < 0) throw new Error(`${open} … ${close} not found`);
  return `${doc.slice(0, start + open.length)}\n\n${markdown.trim()}\n\n${doc.slice(end)}`;
}

/** Replaces NAME's section of docs/benchmarks.md (or `file`), formatted as Prettier formats it. */
export async function writeBenchSection(
  name: BenchSection,
  markdown: string,
  file = BENCHMARKS_DOC,
): Promise<void> {
  const doc = replaceBenchSection(readFileSync(file, "utf8"), name, markdown);
  const options = (await prettier.resolveConfig(file)) ?? {};
  writeFileSync(file, await prettier.format(doc, { ...options, parser: "markdown" }));
}

/** The commit measured, when this is a git checkout. */
function commit(): string {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
  } catch {
    return "unknown";
  }
}

/** What a run was: its day, commit, machine and the BENCH_* settings it was given. */
export function runLine(env: NodeJS.ProcessEnv = process.env, now = new Date()): string {
  const settings = Object.entries(env)
    .filter(([key, value]) => key.startsWith("BENCH_") && value)
    .map(([key, value]) => `\`${key}=${value}\``);
  return [
    `Last run ${now.toISOString().slice(0, 10)} on ${commit()}`,
    `${availableParallelism()} cores, Node ${process.versions.node}`,
    ...(settings.length > 0 ? [settings.join(" ")] : []),
  ].join(", ");
}

/**
 * A run's printed figures as Markdown: the run line, then the lines as printed, in a text block
 * (or as they are, for a benchmark that prints Markdown).
 */
export function figuresMarkdown(
  lines: readonly string[],
  { run = runLine(), markdown = false }: { run?: string; markdown?: boolean } = {},
): string {
  const text = lines.join("\n").replace(/^\n+|\n+$/g, "");
  return markdown ? `${run}:\n\n${text}` : `${run}:\n\n\`\`\`text\n${text}\n\`\`\``;
}

/**
 * Runs `print` (a benchmark's printing of its final figures) with what it logs also kept, then
 * writes those lines as NAME's section. A page that cannot be written is reported, never the
 * end of a run whose figures are on the console already.
 */
export async function recordFigures<T>(
  name: BenchSection,
  print: () => T | Promise<T>,
  { markdown = false, file = BENCHMARKS_DOC }: { markdown?: boolean; file?: string } = {},
): Promise<T> {
  const lines: string[] = [];
  const log = console.log;
  console.log = (...args: unknown[]) => {
    lines.push(format(...args));
    log(...args);
  };
  let result: T;
  try {
    result = await print();
  } finally {
    console.log = log;
  }
  if (lines.length > 0) {
    try {
      await writeBenchSection(name, figuresMarkdown(lines, { markdown }), file);
      log(`(figures written to docs/benchmarks.md, section ${name})`);
    } catch (error) {
      console.error(`docs/benchmarks.md not written: ${(error as Error).message}`);
    }
  }
  return result;
}
