import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// A clone of the repository must run, test and demo with nothing beside it: no file of it may
// reach for a folder next to the clone (the developers' machines have a "shared" folder with the
// fixture feeds in it; a reader who clones the repository does not).

const ROOT = path.resolve(import.meta.dirname, "../..");
/** Folders that are installed, built or written by a run, not part of the repository. */
const NOT_OURS = new Set([
  ".git",
  "node_modules",
  "build",
  ".react-router",
  "data",
  "test-results",
  "playwright-report",
  "coverage",
  "shots",
]);
/** The feeds are data: their bytes are the publishers', whatever they say. */
const DATA = path.join(ROOT, "tests", "fixtures");

function repositoryFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      return NOT_OURS.has(name) || full === DATA ? [] : repositoryFiles(full);
    }
    return /\.(tsx?|mjs|cjs|js|json|sh|md|ya?ml)$|^\.|^run$/.test(name) ? [full] : [];
  });
}

// Built from parts, so that this file does not match itself.
const SHARED = "shared";
const OUTSIDE = [
  // a relative path up and into it, however deep
  new RegExp(`\\.\\.[\\\\/](?:\\.\\.[\\\\/])*${SHARED}\\b`),
  // its fixtures folder, however reached
  new RegExp(`${SHARED}[\\\\/]fixtures`),
  // path segments: "..", then the folder's name
  new RegExp(`["']\\.\\.["'](?:\\s*,\\s*["']\\.\\.["'])*\\s*,\\s*["']${SHARED}["']`),
];

/**
 * The documents code and docs cite, by their place in docs/ (`docs/product.md §9`,
 * `docs/design.md "Navigation"`, `docs/style.md §2`, `docs/architecture.md`), or by the names
 * they had beside the clone (SPEC, DESIGN, ARCHITECTURE and STYLE), which no file may use now.
 */
const CITED_DOCS: Record<string, string> = {
  SPEC: "product.md",
  DESIGN: "design.md",
  ARCHITECTURE: "architecture.md",
  STYLE: "style.md",
  product: "product.md",
  design: "design.md",
  architecture: "architecture.md",
  style: "style.md",
};
const CITATION =
  /(?:\b(SPEC|DESIGN|ARCHITECTURE|STYLE)\.md|\bdocs\/(product|design|architecture|style)\.md)(?: (§\d+)| "([^"\n]+)")?/g;

interface Citation {
  doc: string;
  section: string | undefined;
}

function citedSections(text: string): Citation[] {
  return [...text.matchAll(CITATION)].map((m) => ({
    doc: CITED_DOCS[m[1] ?? m[2] ?? ""] ?? "",
    section: m[3] ?? m[4],
  }));
}

/** Whether docs/ has the document, and the section: a `## §N.` of the product, a `**N.` convention of the style, a heading elsewhere. */
function sectionExists({ doc, section }: Citation): boolean {
  const file = path.join(ROOT, "docs", doc);
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return false;
  }
  if (section === undefined) return true;
  const number = /^§(\d+)$/.exec(section)?.[1];
  const heading = number
    ? doc === "style.md"
      ? new RegExp(`^\\*\\*${number}\\. `, "m")
      : new RegExp(`^#+ §${number}\\. `, "m")
    : new RegExp(`^#+ ${section.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`, "m");
  return heading.test(text);
}

describe("the repository", () => {
  const files = repositoryFiles(ROOT);

  it("finds the files it checks", () => {
    expect(files.map((f) => path.relative(ROOT, f))).toEqual(
      expect.arrayContaining(["package.json", "README.md", ".ci/run", "tests/support/fixtures.ts"]),
    );
  });

  it("never reads a folder beside the clone", () => {
    const offenders = files.flatMap((file) => {
      const text = readFileSync(file, "utf8");
      return OUTSIDE.some((pattern) => pattern.test(text)) ? [path.relative(ROOT, file)] : [];
    });
    expect(offenders).toEqual([]);
  });

  it.each([
    [`../${SHARED}/fixtures/feeds`, true],
    [`path.resolve(dir, "../../../${SHARED}/fixtures/feeds")`, true],
    [`path.join(root, "..", "${SHARED}", "fixtures")`, true],
    ['import { BOOKS } from "../../network/books"', false],
    ["the shared layout", false],
  ])("the guard tells %s (outside: %s)", (text, outside) => {
    expect(OUTSIDE.some((pattern) => pattern.test(text))).toBe(outside);
  });

  it("holds every document its code cites, with the sections cited", () => {
    const self = path.join(ROOT, "tests", "unit", "self-contained.test.ts");
    const missing = files
      .filter((file) => file !== self)
      .flatMap((file) =>
        citedSections(readFileSync(file, "utf8"))
          .filter((cited) => !sectionExists(cited))
          .map((cited) => `${path.relative(ROOT, file)}: ${cited.doc} ${cited.section ?? ""}`),
      );
    expect(missing).toEqual([]);
  });

  it("cites each document by its place in docs/, not by the name it had beside the clone", () => {
    const self = path.join(ROOT, "tests", "unit", "self-contained.test.ts");
    const old = /(^|[^A-Za-z0-9_./-])(SPEC|DESIGN|ARCHITECTURE|STYLE)\.md\b/;
    const offenders = files
      .filter((file) => file !== self && !file.includes(`${path.sep}fixtures${path.sep}`))
      .filter((file) => old.test(readFileSync(file, "utf8")))
      .map((file) => path.relative(ROOT, file));
    expect(offenders).toEqual([]);
  });

  it.each([
    ['docs/product.md §9: "Ad slot identifiers"', { doc: "product.md", section: "§9" }],
    ['docs/design.md "Navigation"', { doc: "design.md", section: "Navigation" }],
    ["docs/style.md §2", { doc: "style.md", section: "§2" }],
    ["(docs/architecture.md)", { doc: "architecture.md", section: undefined }],
    ['docs/architecture.md\'s "a small server"', { doc: "architecture.md", section: undefined }],
  ])("reads the citation %s", (text, cited) => {
    expect(citedSections(text)).toEqual([cited]);
    expect(sectionExists(cited)).toBe(true);
  });

  it("keeps its own copy of the fixture feeds, byte-exact", () => {
    const attributes = readFileSync(path.join(ROOT, ".gitattributes"), "utf8");
    expect(attributes).toMatch(/^tests\/fixtures\/feeds\/\*\* -text$/m);
    const feeds = readdirSync(path.join(DATA, "feeds")).filter((f) => f.endsWith(".xml"));
    expect(feeds.length).toBeGreaterThanOrEqual(41);
    expect(readFileSync(path.join(DATA, "feeds", "SOURCES.md"), "utf8")).toMatch(/License/);
  });
});
