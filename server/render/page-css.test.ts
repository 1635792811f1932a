import { describe, expect, it } from "vitest";
import { pruneUnused, trimPageCss, unwrapLeading, withReadableClasses } from "./page-css";

const CSS = [
  "@layer theme{:root,:host{--color-ink:#1a1a1a}}",
  "@layer base{*,:after,:before{box-sizing:border-box}h1{margin:0}dialog::backdrop{background:#0008}}",
  "@layer utilities{",
  ".text-ink{color:var(--color-ink)}",
  ".unused-rule{color:red}",
  ".hover\\:underline:hover{text-decoration-line:underline}",
  ":where(.space-y-3>:not(:last-child)){margin-block-end:.75rem}",
  ":where(.space-y-4>:not(:last-child)){margin-block-end:1rem}",
  ":focus-visible{outline:3px solid var(--color-ink)}",
  "::placeholder{opacity:1}",
  "::file-selector-button{margin-inline-end:4px}",
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

/** The pruning alone: the class names as the markup wrote them. */
const LONG = { short: false };

const styleOf = (html: string) => /<style id="site-css">([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";

describe("trimPageCss", () => {
  it("keeps the rules the page's markup uses, with their layers and media queries", async () => {
    const css = styleOf(await trimPageCss(page(BODY), LONG));
    // The theme's colour is written out where it is read (it is set once, on :root).
    expect(css).toContain(".text-ink{color:#1a1a1a}");
    expect(css).not.toContain("--color-ink");
    expect(css).toMatch(/\*,\s*:after,\s*:before\{box-sizing:border-box\}/);
    expect(css).toContain("h1{margin:0}");
    expect(css).toMatch(/@media \(width>=48rem\)\{\.md\\:flex\{display:flex\}\}/);
    expect(css).toMatch(/@layer utilities\{/);
  });

  it("keeps a state the reader reaches without a script: hover, an open <details>", async () => {
    const css = styleOf(await trimPageCss(page(BODY), LONG));
    expect(css).toContain(".hover\\:underline:hover{text-decoration-line:underline}");
    expect(css).toContain(".group-open\\:rotate-180:is(:where(.group):is([open]) *)");
  });

  it("keeps Tailwind's :where(…) rules and classes that React writes with character references", async () => {
    const css = styleOf(await trimPageCss(page(BODY), LONG));
    expect(css).toContain(":where(.space-y-3>:not(:last-child)){margin-block-end:.75rem}");
    expect(css).toContain(".\\[\\&\\>\\*\\]\\:border-t>*{border-top-width:1px}");
  });

  it("drops the rules nothing on the page matches, and states only a script sets", async () => {
    const css = styleOf(await trimPageCss(page(BODY), LONG));
    expect(css).not.toContain("unused-rule");
    expect(css).not.toContain("md\\:grid");
    expect(css).not.toContain("aria-expanded\\:block");
    expect(css).not.toContain("backdrop");
    expect(css).not.toContain("space-y-4");
    expect(css).not.toContain("file-selector-button");
    expect(css.length).toBeLessThan(CSS.length);
  });

  it("keeps the focus ring, and the placeholder's rules on a page with a placeholder", async () => {
    const without = styleOf(await trimPageCss(page(BODY), LONG));
    expect(without).toContain(":focus-visible{outline:3px solid #1a1a1a}");
    expect(without).not.toContain("placeholder");
    const withField = styleOf(await trimPageCss(page(`${BODY}<input placeholder="Search">`), LONG));
    expect(withField).toContain("::placeholder{opacity:1}");
  });

  it("changes nothing else in the page, byte for byte", async () => {
    const before = page(BODY);
    const after = await trimPageCss(before, LONG);
    const css = styleOf(after);
    expect(after.replace(css, "")).toBe(before.replace(CSS, ""));
  });

  it("leaves a page without the inline stylesheet as it is", async () => {
    const html = "<!DOCTYPE html><html><body><p>Not found</p></body></html>";
    expect(await trimPageCss(html, LONG)).toBe(html);
    const unclosed = '<html><head><style id="site-css">.a{color:red}';
    expect(await trimPageCss(unclosed, LONG)).toBe(unclosed);
  });
});

describe("pruneUnused", () => {
  it("drops custom properties nothing reads, and keeps those read through another", () => {
    const css = pruneUnused(
      ":root{--unused:1px;--font:Georgia;--family:var(--font),serif}" +
        "html{font-family:var(--family)}.a{--family:serif}",
    );
    expect(css).not.toContain("--unused");
    // --font is set once (written out where read); --family has two values (kept).
    expect(css).toBe(
      ":root{--family:Georgia,serif}html{font-family:var(--family)}.a{--family:serif}",
    );
  });

  it("drops the @property rules and @keyframes nothing uses, keeps one named through a property", () => {
    const css = pruneUnused(
      "@keyframes spin{to{rotate:1turn}}@keyframes fade{from{opacity:0}}" +
        '@property --tw-ring{syntax:"<length>";inherits:false;initial-value:0}' +
        ":root{--animate-fade:fade .1s}.fade{animation:var(--animate-fade)}.b{--animate-fade:fade 1s}",
    );
    expect(css).toContain("@keyframes fade{from{opacity:0}}");
    expect(css).not.toContain("spin");
    expect(css).not.toContain("@property");
  });

  it("writes Tailwind's registered properties as their fallback, and a property of one value out", () => {
    const css = pruneUnused(
      "@layer properties{@supports (-moz-orient:inline){*,:before,:after{--tw-border-style:solid;" +
        "--tw-space-y-reverse:0;--tw-shadow:0 0 #0000}}}" +
        "@layer utilities{.border{border-style:var(--tw-border-style);border-width:1px}" +
        ".border-double{--tw-border-style:double;border-style:double}" +
        ":where(.space-y-3>:not(:last-child)){--tw-space-y-reverse:0;" +
        "margin-block-start:calc(calc(.25rem * 3) * var(--tw-space-y-reverse));" +
        "margin-block-end:calc(calc(.25rem * 3) * calc(1 - var(--tw-space-y-reverse)))}}" +
        '@property --tw-border-style{syntax:"*";inherits:false;initial-value:solid}' +
        '@property --tw-space-y-reverse{syntax:"*";inherits:false;initial-value:0}' +
        '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
    );
    expect(css).toBe(
      "@layer properties{*,:before,:after{--tw-border-style:solid}}" +
        "@layer utilities{.border{border-style:var(--tw-border-style);border-width:1px}" +
        ".border-double{--tw-border-style:double;border-style:double}" +
        ":where(.space-y-3>:not(:last-child)){margin-block-start:0px;" +
        "margin-block-end:calc(.25rem * 3)}}",
    );
  });

  it("leaves a registration the fallback does not cover, and a property the markup sets", () => {
    const registered =
      "@layer properties{@supports (x:y){*{--tw-a:0}}}.a{width:calc(1px * var(--tw-a))}.b{--tw-a:2}" +
      '@property --tw-a{syntax:"<length>";inherits:false;initial-value:0}';
    expect(pruneUnused(registered)).toContain("@supports (x:y)");
    expect(pruneUnused(registered)).toContain("@property --tw-a");
    const css = ":root{--gap:1rem}.a{gap:var(--gap)}";
    expect(pruneUnused(css, '<div style="--gap:2rem">')).toBe(css);
    expect(pruneUnused(css)).toBe(".a{gap:1rem}");
    // Set by a class alone, it is not there for an element outside it: left as it is.
    const scoped = ".a{--gap:1rem}.b{gap:var(--gap,2rem)}";
    expect(pruneUnused(scoped)).toBe(scoped);
  });

  it("reads a Tailwind property that nothing on the page sets as its fallback", () => {
    const css = ".text-sm{font-size:.875rem;line-height:var(--tw-leading,1.4286)}";
    expect(pruneUnused(css)).toBe(".text-sm{font-size:.875rem;line-height:1.4286}");
    // Set by a class of the page, in a style attribute, or registered: left to the browser.
    const set = css + ".leading-snug{--tw-leading:1.375;line-height:1.375}";
    expect(pruneUnused(set)).toBe(set);
    expect(pruneUnused(css, '<p style="--tw-leading:2">')).toBe(css);
    const registered = '@property --tw-leading{syntax:"*";inherits:false;initial-value:1}' + css;
    expect(pruneUnused(registered)).toContain("var(--tw-leading,1.4286)");
    // A property of the site's own, which an island's script may set, is never guessed at.
    const own = ".a{gap:var(--gap,1rem)}";
    expect(pruneUnused(own)).toBe(own);
  });

  it("writes a declaration repeated with the same value once", () => {
    expect(pruneUnused("a{-webkit-mask:x;-webkit-mask:x;mask:x}")).toBe("a{-webkit-mask:x;mask:x}");
  });
});

describe("unwrapLeading", () => {
  it("takes off a selector's leading :where() or :is(), and nothing else", () => {
    expect(unwrapLeading(":where(.space-y-3>:not(:last-child))")).toBe(
      ".space-y-3>:not(:last-child)",
    );
    expect(unwrapLeading(":where(select:is([multiple],[size])) optgroup")).toBe(
      "select:is([multiple],[size]) optgroup",
    );
    expect(unwrapLeading(".a:where(.b)")).toBe(".a:where(.b)");
    expect(unwrapLeading(":where(.a")).toBe(":where(.a");
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
