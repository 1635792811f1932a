import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  BENCH_SECTIONS,
  BENCHMARKS_DOC,
  figuresMarkdown,
  recordFigures,
  replaceBenchSection,
  runLine,
  writeBenchSection,
} from "./bench-report";

const DOC = [
  "# Benchmarks",
  "",
  "How to run it.",
  "",
  "<!-- bench:parse -->",
  "",
  "Old figures.",
  "",
  "<!-- /bench:parse -->",
  "",
  "What follows stays.",
  "",
].join("\n");

describe("replaceBenchSection", () => {
  it("replaces the text between a section's markers and keeps the rest", () => {
    const doc = replaceBenchSection(DOC, "parse", "New figures.");
    expect(doc).toContain("<!-- bench:parse -->\n\nNew figures.\n\n<!-- /bench:parse -->");
    expect(doc).not.toContain("Old figures.");
    expect(doc.startsWith("# Benchmarks\n\nHow to run it.")).toBe(true);
    expect(doc.endsWith("What follows stays.\n")).toBe(true);
  });

  it("refuses a section the page has no markers for", () => {
    expect(() => replaceBenchSection(DOC, "store", "x")).toThrow(/bench:store/);
  });
});

describe("docs/benchmarks.md", () => {
  const doc = readFileSync(BENCHMARKS_DOC, "utf8");

  it.each(BENCH_SECTIONS)("has one section for %s, which a run can replace", (name) => {
    expect(doc.split(`<!-- bench:${name} -->`)).toHaveLength(2);
    expect(doc.split(`<!-- /bench:${name} -->`)).toHaveLength(2);
    expect(replaceBenchSection(doc, name, "figures")).toContain("figures");
  });
});

describe("what a run writes", () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it("names the run's day, commit, machine and BENCH_ settings", () => {
    const line = runLine({ BENCH_PARTS: "wrk", HOME: "/root" }, new Date("2026-12-04T10:00:00Z"));
    expect(line).toMatch(
      /^Last run 2026-12-04 on \S+, \d+ cores, Node \d+\.\d+\.\d+, `BENCH_PARTS=wrk`$/,
    );
    expect(line).not.toContain("HOME");
  });

  it("puts printed lines in a text block, or as they are when they are Markdown", () => {
    expect(figuresMarkdown(["", "a  1", "b  2", ""], { run: "Run" })).toBe(
      "Run:\n\n```text\na  1\nb  2\n```",
    );
    expect(figuresMarkdown(["| a |", "|---|"], { run: "Run", markdown: true })).toBe(
      "Run:\n\n| a |\n|---|",
    );
  });

  it("writes a section formatted as the repository formats Markdown", async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "bench-report-"));
    const file = path.join(dir, "benchmarks.md");
    writeFileSync(file, DOC);
    await writeBenchSection("parse", "| a | b |\n|---|---|\n| 1 | 2 |", file);
    const written = readFileSync(file, "utf8");
    expect(written).toContain("| a   | b   |\n| --- | --- |\n| 1   | 2   |");
    expect(written).toContain("What follows stays.");
  });

  it("records what a benchmark prints, keeps printing it, and writes it", async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "bench-report-"));
    const file = path.join(dir, "benchmarks.md");
    writeFileSync(file, DOC);
    const printed: string[] = [];
    const log = console.log;
    console.log = (...args: unknown[]) => printed.push(args.join(" "));
    let result: number;
    try {
      result = await recordFigures(
        "parse",
        () => {
          console.log("figure", 1);
          return 42;
        },
        { file },
      );
    } finally {
      console.log = log;
    }
    expect(result).toBe(42);
    expect(printed[0]).toBe("figure 1");
    expect(readFileSync(file, "utf8")).toMatch(/Last run .*:\n\n```text\nfigure 1\n```/);
  });

  it("reports a page it cannot write and goes on", async () => {
    const errors: string[] = [];
    const { log, error } = console;
    console.log = () => {};
    console.error = (text: string) => errors.push(text);
    let result: number;
    try {
      const missing = path.join(os.tmpdir(), "no-such-folder-bench", "benchmarks.md");
      result = await recordFigures("store", () => (console.log("x"), 7), { file: missing });
    } finally {
      console.log = log;
      console.error = error;
    }
    expect(result).toBe(7);
    expect(errors).toEqual([expect.stringMatching(/^docs\/benchmarks.md not written: /)]);
  });
});
