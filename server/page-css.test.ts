import { describe, expect, it } from "vitest";
import { trimPageCss, withReadableClasses } from "./page-css";

const CSS = [
  "@layer theme{:root,:host{--color-ink:#1a1a1a}}",
  "@layer base{*,:after,:before{box-sizing:border-box}h1{margin:0}dialog::backdrop{background:#0008}}",
  "@layer utilities{",
  ".text-ink{color:var(--color-ink)}",
  ".unused-rule{color:red}",
  ".hover\\:underline:hover{text-decoration-line:underline}",
  ":where(.space-y-3>:not(:last-child)){margin-block-end:.75rem}",
  ".\\[\\&\\>\\*\\]\\:border-t>*{border-top-width:1px}",
  ".group-open\\:rotate-180:is(:where(.group):is([open]) *){rotate:180deg}",
  '.aria-expanded\\:block[aria-expanded="true"]{display:block}',
  "@media (width>=48rem){.md\\:flex{display:flex}.md\\:grid{display:grid}}",
  "}",
].join("");

const page = (body: string) =>
  `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><style id="site-css">${CSS}</style>` +
  `<script>window.x = "<b class=\\"unused-rule\\">";</script></head><body>${body}</body></html>`;

const BODY =
  '<h1 class="text-ink hover:underline md:flex">News</h1><div class="space-y-3 [&amp;&gt;*]:border-t">' +
  '<p>One</p></div><details class="group"><summary><svg class="group-open:rotate-180"></svg></summary></details>' +
  '<button aria-expanded="false" class="aria-expanded:block">Menu</button>';

const styleOf = (html: string) => /<style id="site-css">([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";

describe("trimPageCss", () => {
  it("keeps the rules the page's markup uses, with their layers and media queries", async () => {
    const css = styleOf(await trimPageCss(page(BODY)));
    expect(css).toContain(".text-ink{color:var(--color-ink)}");
    expect(css).toContain("--color-ink:#1a1a1a");
    expect(css).toMatch(/\*,\s*:after,\s*:before\{box-sizing:border-box\}/);
    expect(css).toContain("h1{margin:0}");
    expect(css).toMatch(/@media \(width>=48rem\)\{\.md\\:flex\{display:flex\}\}/);
    expect(css).toMatch(/@layer utilities\{/);
  });

  it("keeps a state the reader reaches without a script: hover, an open <details>", async () => {
    const css = styleOf(await trimPageCss(page(BODY)));
    expect(css).toContain(".hover\\:underline:hover{text-decoration-line:underline}");
    expect(css).toContain(".group-open\\:rotate-180:is(:where(.group):is([open]) *)");
  });

  it("keeps Tailwind's :where(…) rules and classes that React writes with character references", async () => {
    const css = styleOf(await trimPageCss(page(BODY)));
    expect(css).toContain(":where(.space-y-3>:not(:last-child)){margin-block-end:.75rem}");
    expect(css).toContain(".\\[\\&\\>\\*\\]\\:border-t>*{border-top-width:1px}");
  });

  it("drops the rules nothing on the page matches, and states only a script sets", async () => {
    const css = styleOf(await trimPageCss(page(BODY)));
    expect(css).not.toContain("unused-rule");
    expect(css).not.toContain("md\\:grid");
    expect(css).not.toContain("aria-expanded\\:block");
    expect(css).not.toContain("backdrop");
    expect(css.length).toBeLessThan(CSS.length);
  });

  it("changes nothing else in the page, byte for byte", async () => {
    const before = page(BODY);
    const after = await trimPageCss(before);
    const css = styleOf(after);
    expect(after.replace(css, "")).toBe(before.replace(CSS, ""));
  });

  it("leaves a page without the inline stylesheet as it is", async () => {
    const html = "<!DOCTYPE html><html><body><p>Not found</p></body></html>";
    expect(await trimPageCss(html)).toBe(html);
    const unclosed = '<html><head><style id="site-css">.a{color:red}';
    expect(await trimPageCss(unclosed)).toBe(unclosed);
  });
});

describe("withReadableClasses", () => {
  it("decodes character references in class attributes only", () => {
    expect(withReadableClasses('<div class="[&amp;&gt;*]:pt-3" title="a &amp; b">')).toBe(
      '<div class="[&>*]:pt-3" title="a &amp; b">',
    );
  });

  it("writes a class holding a double quote in single quotes, and keeps one holding both", () => {
    expect(withReadableClasses('<a class="[aria-current=&quot;page&quot;]:visible">')).toBe(
      "<a class='[aria-current=\"page\"]:visible'>",
    );
    const both = '<a class="x-[&quot;&#x27;]">';
    expect(withReadableClasses(both)).toBe(both);
  });
});
