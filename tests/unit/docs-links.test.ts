import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The README is the door and docs/ holds the rest: every relative link and picture of theirs must
// lead to a file of the repository, and the README stays short enough to read through.

const ROOT = path.resolve(import.meta.dirname, "../..");
const README_MAX_LINES = 250;

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return markdownFiles(full);
    return name.endsWith(".md") ? [full] : [];
  });
}

/** The targets of a Markdown text's inline links and pictures, outside code. */
function linkTargets(markdown: string): string[] {
  const prose = markdown
    .replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "")
    .replace(/`[^`\n]*`/g, "");
  return [...prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map(
    (match) => match[1] ?? "",
  );
}

/** Whether a target is a file of the repository (not a web address, a mail or a fragment). */
function isRelative(target: string): boolean {
  return !/^([a-z][a-z0-9+.-]*:|#)/i.test(target);
}

describe("the README and docs/", () => {
  const files = [path.join(ROOT, "README.md"), ...markdownFiles(path.join(ROOT, "docs"))];

  it("finds the documents it checks", () => {
    const names = files.map((file) => path.relative(ROOT, file));
    expect(names).toEqual(
      expect.arrayContaining(["README.md", "docs/architecture.md", "docs/decisions/README.md"]),
    );
  });

  it.each(files.map((file) => [path.relative(ROOT, file), file]))(
    "%s links only to files that exist",
    (_name, file) => {
      const missing = linkTargets(readFileSync(file, "utf8"))
        .filter(isRelative)
        .map((target) => decodeURI(target.split("#")[0] ?? ""))
        .filter((target) => target !== "")
        .filter((target) => !existsSync(path.resolve(path.dirname(file), target)));
      expect(missing).toEqual([]);
    },
  );

  it(`keeps the README within ${README_MAX_LINES} lines`, () => {
    const lines = readFileSync(path.join(ROOT, "README.md"), "utf8").trimEnd().split("\n");
    expect(lines.length).toBeLessThanOrEqual(README_MAX_LINES);
  });
});

describe("linkTargets", () => {
  it("reads links and pictures, and leaves code alone", () => {
    const text = [
      'See [the settings](docs/settings.md#data) and ![home](docs/shot.png "Home").',
      "`[not](a-link.md)`",
      "```",
      "[nor](this.md)",
      "```",
      "[web](https://example.com) [anchor](#top)",
    ].join("\n");
    expect(linkTargets(text)).toEqual([
      "docs/settings.md#data",
      "docs/shot.png",
      "https://example.com",
      "#top",
    ]);
    expect(linkTargets(text).filter(isRelative)).toEqual([
      "docs/settings.md#data",
      "docs/shot.png",
    ]);
  });
});
