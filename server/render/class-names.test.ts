import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  KEPT_CLASSES,
  renameClassAttributes,
  renameRules,
  renameSelector,
  shortName,
  shortNames,
  unescapeIdentifier,
  withBothNames,
} from "./class-names";
import { trimPageCss } from "./page-css";

const CSS = [
  "@layer utilities{",
  ".text-ink{color:#1a1a1a;margin:.25rem 0.5rem}",
  ".md\\:text-5xl{font-size:3rem}",
  ".\\32 xl\\:p-4{padding:1rem}",
  ".\\[\\&\\>\\*\\]\\:border-t>*{border-top-width:1px}",
  ":where(.space-y-3>:not(:last-child)){margin-block-end:.75rem}",
  ".group-open\\:rotate-180:is(:where(.group):is([open]) *){rotate:180deg}",
  'a[href$=".pdf"]{color:red}',
  ".hidden{display:none}",
  "}",
  "@keyframes spin{0%{rotate:0deg}12.5%{rotate:45deg}to{rotate:1turn}}",
].join("");

describe("short names", () => {
  it("are distinct, start with a capital and are CSS identifiers, shortest first", () => {
    const names = Array.from({ length: 5000 }, (_, i) => shortName(i));
    expect(new Set(names).size).toBe(5000);
    expect(names.slice(0, 3)).toEqual(["A", "B", "C"]);
    expect(names[26]).toBe("Aa");
    for (const name of names) expect(name).toMatch(/^[A-Z][\w-]*$/);
    expect(names.slice(0, 26 + 26 * 64).every((n) => n.length <= 2)).toBe(true);
  });

  it("undo a CSS identifier's escapes", () => {
    expect(unescapeIdentifier("md\\:text-5xl")).toBe("md:text-5xl");
    expect(unescapeIdentifier("\\32 xl\\:p-4")).toBe("2xl:p-4");
    expect(unescapeIdentifier("\\[\\&\\>\\*\\]\\:border-t")).toBe("[&>*]:border-t");
  });

  it("name every class of the stylesheet but the kept ones, in sorted order", () => {
    const names = shortNames(CSS);
    expect([...names.keys()]).toEqual([
      "2xl:p-4",
      "[&>*]:border-t",
      "group",
      "group-open:rotate-180",
      "md:text-5xl",
      "space-y-3",
      "text-ink",
    ]);
    expect(names.has("hidden")).toBe(false);
    expect(shortNames(CSS)).toEqual(names);
  });
});

describe("renaming", () => {
  const names = shortNames(CSS);
  const short = (name: string) => names.get(name) ?? "";

  it("renames each class of a selector, inside :where and :is too, and nothing quoted", () => {
    expect(renameSelector(":where(.space-y-3>:not(:last-child))", names)).toBe(
      `:where(.${short("space-y-3")}>:not(:last-child))`,
    );
    expect(renameSelector(".group-open\\:rotate-180:is(:where(.group):is([open]) *)", names)).toBe(
      `.${short("group-open:rotate-180")}:is(:where(.${short("group")}):is([open]) *)`,
    );
    expect(renameSelector('a[href$=".pdf"]', names)).toBe('a[href$=".pdf"]');
    expect(renameSelector(".hidden", names)).toBe(".hidden");
  });

  it("renames the rules' selectors, never a value or a keyframe", () => {
    const css = renameRules(CSS, names);
    expect(css).toContain(`.${short("text-ink")}{color:#1a1a1a;margin:.25rem 0.5rem}`);
    expect(css).toContain(`.${short("2xl:p-4")}{padding:1rem}`);
    expect(css).toContain(`.${short("[&>*]:border-t")}>*{border-top-width:1px}`);
    expect(css).toContain("12.5%{rotate:45deg}");
    expect(css).not.toContain("text-ink");
  });

  it("gives the whole stylesheet both names, so markup with either matches", () => {
    const css = withBothNames(CSS, names);
    expect(css).toContain(`.text-ink,.${short("text-ink")}{color:#1a1a1a`);
    expect(css).toContain(".hidden{display:none}");
    expect(css).toContain('a[href$=".pdf"]{color:red}');
  });

  it("renames class attributes as React writes them (in one order), and leaves scripts and styles byte for byte", () => {
    const html =
      '<div class="text-ink [&amp;&gt;*]:border-t adsbygoogle hidden">x</div>' +
      "<script>document.body.innerHTML = '<p class=\"text-ink\">';</script>" +
      '<style>.text-ink{color:red}</style><script type="application/json">{"a":" class=\\"text-ink\\""}</script>' +
      '<p class="md:text-5xl">y</p>';
    const out = renameClassAttributes(html, names);
    expect(out).toBe(
      `<div class="${[short("text-ink"), short("[&>*]:border-t"), "adsbygoogle", "hidden"].sort().join(" ")}">x</div>` +
        "<script>document.body.innerHTML = '<p class=\"text-ink\">';</script>" +
        '<style>.text-ink{color:red}</style><script type="application/json">{"a":" class=\\"text-ink\\""}</script>' +
        `<p class="${short("md:text-5xl")}">y</p>`,
    );
  });

  it("in a page: its markup and its own rules alike, the rules cut to the markup first", async () => {
    const page =
      `<!DOCTYPE html><html><head><style id="site-css">${CSS}</style></head>` +
      '<body><h1 class="text-ink md:text-5xl">News</h1><p class="hidden">z</p></body></html>';
    const out = await trimPageCss(page);
    expect(out).toContain(
      `<h1 class="${[short("text-ink"), short("md:text-5xl")].sort().join(" ")}">`,
    );
    expect(out).toContain('<p class="hidden">');
    const css = /<style id="site-css">([\s\S]*?)<\/style>/.exec(out)?.[1] ?? "";
    expect(css).toContain(`.${short("text-ink")}{`);
    expect(css).toContain(".hidden{display:none}");
    expect(css).not.toContain("space-y-3");
    expect(css).not.toContain("text-ink");
  });
});

/** The islands' own DOM code (not React components, which render after the whole stylesheet). */
function islandSources(): { file: string; text: string }[] {
  const dir = path.resolve(import.meta.dirname, "../../app/islands");
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.ts$/.test(file) && !/\.test\.ts$/.test(file))
    .map((file) => ({ file, text: readFileSync(path.join(dir, file), "utf8") }));
}

/** Classes of others' markup that the site's stylesheet never names (so never renamed). */
const THIRD_PARTY = new Set(["adsbygoogle"]);

describe("the classes an island's code names", () => {
  it("keep their long names (KEPT_CLASSES)", () => {
    const named: string[] = [];
    for (const { file, text } of islandSources()) {
      for (const [, list] of text.matchAll(
        /classList\.(?:add|remove|toggle|contains)\(\s*"([^"]+)"/g,
      ))
        named.push(`${file}: ${list}`);
      for (const [, selector] of text.matchAll(/querySelector(?:All)?(?:<[^>]*>)?\(\s*"([^"]*)"/g))
        for (const [, name] of (selector ?? "").matchAll(/\.([A-Za-z_-][\w-]*)/g))
          named.push(`${file}: ${name}`);
      for (const [, value] of text.matchAll(/\.className\s*=\s*"([^"]+)"/g))
        for (const name of (value ?? "").split(/\s+/)) named.push(`${file}: ${name}`);
    }
    expect(named.length).toBeGreaterThan(0);
    const missing = named.filter((entry) => {
      const name = entry.split(": ")[1] ?? "";
      return !KEPT_CLASSES.has(name) && !THIRD_PARTY.has(name);
    });
    expect(missing).toEqual([]);
  });
});
