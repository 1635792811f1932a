import Beasties from "beasties";
import { decodeHTMLAttribute } from "entities";
import postcss, { type AtRule, type Container, type Declaration, type Root } from "postcss";

/** The inline stylesheet's element as root.tsx renders it (InlineStylesheet). */
const STYLE_OPEN = '<style id="site-css">';
const STYLE_CLOSE = "</style>";

/**
 * A selector that is nothing but a pseudo-class or pseudo-element applies to any element that
 * can be in that state, and Beasties, which strips them, would drop it with nothing left to
 * match. Those of Tailwind's preflight and the site's base layer that a page can show without a
 * script are kept when the page has an element they can apply to: the focus ring (the whole
 * stylesheet no longer comes on every page), a placeholder's colour, the form controls'
 * defaults. Vendor pseudo-elements of controls the page does not have stay out.
 */
const PSEUDO_ONLY: [RegExp, string][] = [
  [/^:(?:focus|focus-visible|-moz-focusring)\b/, "*"],
  [/^::placeholder$/, "[placeholder]"],
  [/^:-moz-ui-invalid$/, "input,select,textarea"],
  [/^::-webkit-search-/, 'input[type="search"]'],
  [/^::file-selector-button$/, 'input[type="file"]'],
  [/^::-webkit-(?:date|calendar)/, 'input[type^="date"],input[type="time"],input[type="month"]'],
  [/^::-webkit-(?:inner|outer)-spin-button$/, 'input[type="number"]'],
];

/**
 * Finds which of the stylesheet's rules a page's markup uses (Beasties: the rules whose
 * selectors, pseudo-classes and pseudo-elements set aside, match an element of the page, with
 * the media queries and layers they need). A rule for a state the page can reach without
 * JavaScript (:hover, :focus, an open <details>, a checked box) is kept with its element; one for
 * a state only a script sets (aria-expanded="true", a dialog) is not: an island that shows such
 * markup loads the whole stylesheet first (wholeStylesheet() in app/islands/lib/ready.ts).
 */
/** Beasties' own normalisation: pseudo-classes and pseudo-elements taken off, with their insides. */
const beastiesNormalize = (
  Beasties.prototype as unknown as { normalizeCssSelector(selector: string): string }
).normalizeCssSelector;

class PageRules extends Beasties {
  /**
   * Beasties strips a pseudo-class with everything inside it, so a selector that is all
   * `:where(…)` or `:is(…)` (Tailwind's space-y-*, divide-*, a few preflight rules) would match
   * nothing. Its outer wrapper is taken off instead, so `:where(.space-y-3>:not(:last-child))` is
   * kept when an element of the page has `space-y-3` and children. (A list inside, `:is(.a,.b)`,
   * becomes a list: a rule may be kept that is not needed, never dropped when it is.)
   * Beasties calls this method for every selector it tests (beasties 0.5, not in its types):
   * page-css.test.ts fails if it stops doing so.
   */
  normalizeCssSelector(selector: string): string {
    for (const [pattern, elements] of PSEUDO_ONLY) if (pattern.test(selector)) return elements;
    return beastiesNormalize.call(this, unwrapLeading(selector));
  }
}

const beasties = new PageRules({
  // No files are read or written: the stylesheet is inline, and only its text is taken back.
  path: "/nonexistent",
  external: false,
  reduceInlineStyles: true,
  mergeStylesheets: false,
  // Every @keyframes is kept by Beasties and pruned afterwards (pruneUnused): Tailwind names an
  // animation in a custom property (`animation:var(--animate-fade-in)`), which Beasties' own
  // keyframes pass does not follow.
  keyframes: "all",
  fonts: false,
  compress: false,
  logLevel: "silent",
});

/**
 * The page with its inline stylesheet cut to the rules its own markup uses. The whole stylesheet
 * inlined in every page is about 6.5 KB of its compressed HTML; a page uses half of it or less,
 * and below about 14 KB the HTML arrives within the first round trip of a new connection (TCP's
 * initial window of ten segments). A page without the stylesheet, or one Beasties cannot read,
 * is returned as it is.
 */
export async function trimPageCss(html: string): Promise<string> {
  const inline = styleText(html);
  if (!inline) return html;
  let processed: string;
  try {
    processed = await beasties.process(withReadableClasses(html));
  } catch {
    return html;
  }
  // Only the stylesheet's text is taken from Beasties' copy: the rest of the page stays byte for
  // byte as React rendered it (its inline scripts are hashed into the CSP).
  const trimmed = styleText(processed);
  if (!trimmed) return html;
  const markup = html.slice(0, inline.start) + html.slice(inline.end);
  let css = processed.slice(trimmed.start, trimmed.end);
  try {
    css = pruneUnused(css, markup);
  } catch {
    // Beasties' output that postcss cannot read is kept as Beasties wrote it.
  }
  return html.slice(0, inline.start) + css + html.slice(inline.end);
}

/** Where the inline stylesheet's text is in `html`, or undefined if it has none (or unclosed). */
function styleText(html: string): { start: number; end: number } | undefined {
  const open = html.indexOf(STYLE_OPEN);
  if (open === -1) return undefined;
  const start = open + STYLE_OPEN.length;
  const end = html.indexOf(STYLE_CLOSE, start);
  return end === -1 ? undefined : { start, end };
}

/**
 * The selector without its leading `:where(…)` or `:is(…)`: `:where(.a>:not(:last-child))` is
 * `.a>:not(:last-child)`, `:where(select:is([multiple])) optgroup` is
 * `select:is([multiple]) optgroup`. Any other selector is returned as it is.
 */
export function unwrapLeading(selector: string): string {
  const open = /^:(?:where|is)\(/.exec(selector);
  if (!open) return selector;
  let depth = 1;
  for (let i = open[0].length; i < selector.length; i++) {
    const c = selector[i];
    if (c === "\\") i++;
    else if (c === "(") depth++;
    else if (c === ")" && --depth === 0) {
      return selector.slice(open[0].length, i) + selector.slice(i + 1);
    }
  }
  return selector;
}

const VAR_REFERENCE = /var\(\s*(--[\w-]+)/g;
const isCustom = (decl: Declaration) => decl.prop.startsWith("--");
const isKeyframes = (rule: AtRule) => /^(?:-\w+-)?keyframes$/i.test(rule.name);

/**
 * The stylesheet without what none of its own rules use. Beasties keeps a page's rules with
 * everything they might need: Tailwind's theme (every colour, size and font of the site, as
 * custom properties on :root, which always matches), the registered `--tw-*` properties
 * (`@property`, and their fallback for browsers without it in `@layer properties`), and every
 * keyframes. What is left:
 * - a custom property only if a declaration kept (or the page's markup, in a style attribute)
 *   reads it through var(), directly or through another custom property it reads;
 * - an `@property` only for such a custom property;
 * - a `@keyframes` only if a kept declaration (or custom property) names it;
 * - a declaration written twice in a row with the same value (lightningcss leaves a few) once;
 * and the rules, media queries and layers left empty go. Nothing else changes.
 */
export function pruneUnused(css: string, markup = ""): string {
  const root = postcss.parse(css);
  const definitions = new Map<string, string[]>();
  const keyframes: AtRule[] = [];
  root.walkAtRules((rule) => {
    if (isKeyframes(rule)) keyframes.push(rule);
  });
  const insideKeyframes = (decl: Declaration) => keyframes.some((k) => isInside(decl, k));
  const readers: string[] = [];
  const frameReaders = new Map<AtRule, string[]>();
  root.walkDecls((decl) => {
    const frames = keyframes.find((k) => isInside(decl, k));
    if (frames) frameReaders.set(frames, [...(frameReaders.get(frames) ?? []), decl.value]);
    else if (isCustom(decl)) definitions.set(decl.prop, [...(definitions.get(decl.prop) ?? []), decl.value]);
    else readers.push(decl.value);
  });
  for (const [, value] of markup.matchAll(/\sstyle="([^"]*)"/g)) readers.push(value ?? "");

  const used = new Set<string>();
  const usedFrames = new Set<AtRule>();
  const read = (value: string) => {
    for (const [, name] of value.matchAll(VAR_REFERENCE)) {
      if (!name || used.has(name)) continue;
      used.add(name);
      for (const definition of definitions.get(name) ?? []) read(definition);
    }
  };
  readers.forEach(read);
  // A keyframes named by a value read (an animation, or a custom property holding one) is kept,
  // and what its own frames read is read too; until nothing more is found.
  for (let found = true; found; ) {
    found = false;
    const values = [...readers, ...[...used].flatMap((name) => definitions.get(name) ?? [])];
    for (const frames of keyframes) {
      if (usedFrames.has(frames) || !values.some((v) => namesWord(v, frames.params))) continue;
      usedFrames.add(frames);
      (frameReaders.get(frames) ?? []).forEach(read);
      found = true;
    }
  }

  for (const frames of keyframes) if (!usedFrames.has(frames)) frames.remove();
  root.walkAtRules("property", (rule) => {
    if (!used.has(rule.params.trim())) rule.remove();
  });
  root.walkDecls((decl) => {
    if (insideKeyframes(decl)) return;
    if (isCustom(decl) && !used.has(decl.prop)) {
      decl.remove();
      return;
    }
    const previous = decl.prev();
    if (previous?.type === "decl" && previous.prop === decl.prop && previous.value === decl.value) {
      previous.remove();
    }
  });
  removeEmpty(root);
  return root.toString();
}

function isInside(node: postcss.Node, ancestor: postcss.Node): boolean {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (parent === ancestor) return true;
  }
  return false;
}

/** Whether `value` has `name` as a whole word (a keyframes' name in an animation shorthand). */
function namesWord(value: string, name: string): boolean {
  const escaped = name.trim().replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?:^|[\\s,])${escaped}(?:$|[\\s,])`).test(value);
}

/** Removes the rules and block at-rules (media, supports, layer) left with nothing inside. */
function removeEmpty(container: Container | Root): void {
  container.each((node) => {
    if (node.type !== "rule" && node.type !== "atrule") return;
    if (!node.nodes) return; // a statement: `@layer a, b;`, `@import`
    removeEmpty(node);
    if (node.nodes.length === 0) node.remove();
  });
}

/**
 * The page with its class attributes' character references decoded, for Beasties only (it reads
 * the markup without decoding them): a Tailwind class with an ampersand or a bracket in it,
 * which React writes with character references, must still match its rule. A value holding a
 * double quote is written in single quotes.
 */
export function withReadableClasses(html: string): string {
  return html.replace(/ class="([^"]*&[^"]*)"/g, (attribute, value: string) => {
    const decoded = decodeHTMLAttribute(value);
    if (!decoded.includes('"')) return ` class="${decoded}"`;
    return decoded.includes("'") ? attribute : ` class='${decoded}'`;
  });
}
