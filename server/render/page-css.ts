import Beasties from "beasties";
import { decodeHTMLAttribute } from "entities";
import postcss, {
  type AtRule,
  type Container,
  type Declaration,
  type Root,
  type Rule,
} from "postcss";
import { renameClassAttributes, renameRules, shortNames, type ShortNames } from "./class-names";

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
  [/^:-moz-ui-invalid$/, "[required],[pattern],[minlength],[min],[max],[type=email],[type=url]"],
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
export async function trimPageCss(
  html: string,
  { short = true }: { /** Short class names (decision 015). */ short?: boolean } = {},
): Promise<string> {
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
  if (!short) return html.slice(0, inline.start) + css + html.slice(inline.end);
  // Short class names (decision 015), from the whole stylesheet's: the page's markup and its
  // rules alike. Rules postcss cannot read keep their long names, and so does the markup.
  let names: ShortNames;
  try {
    names = namesOf(html.slice(inline.start, inline.end));
    css = renameRules(css, names);
  } catch {
    return html.slice(0, inline.start) + css + html.slice(inline.end);
  }
  return (
    renameClassAttributes(html.slice(0, inline.start), names) +
    css +
    renameClassAttributes(html.slice(inline.end), names)
  );
}

/** The short names of the last whole stylesheet seen (every page of a build inlines the same). */
let lastNames: { css: string; names: ShortNames } | undefined;

function namesOf(css: string): ShortNames {
  if (lastNames?.css !== css) lastNames = { css, names: shortNames(css) };
  return lastNames.names;
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
  const keyframes: AtRule[] = [];
  root.walkAtRules((rule) => {
    if (isKeyframes(rule)) keyframes.push(rule);
  });
  const values = valuesOf(root, keyframes, markup);
  const { used, usedFrames } = whatIsRead(values, keyframes);
  for (const frames of keyframes) if (!usedFrames.has(frames)) frames.remove();
  const constants = constantProperties(root, used, markup);
  root.walkAtRules("property", (rule) => {
    const name = rule.params.trim();
    if (!used.has(name) || constants.has(name)) rule.remove();
  });
  const insideKeyframes = (decl: Declaration) => keyframes.some((k) => isInside(decl, k));
  root.walkDecls((decl) => {
    if (insideKeyframes(decl)) {
      if (decl.value.includes("var(")) decl.value = withConstants(decl.value, constants);
      return;
    }
    if (isCustom(decl) && (!used.has(decl.prop) || constants.has(decl.prop))) {
      decl.remove();
      return;
    }
    if (decl.value.includes("var(")) decl.value = withConstants(decl.value, constants);
    const previous = decl.prev();
    if (previous?.type === "decl" && previous.prop === decl.prop && previous.value === decl.value) {
      previous.remove();
    }
  });
  removeEmpty(root);
  foldRegistrations(root);
  return root.toString();
}

/** The values of a stylesheet's declarations, by who reads them (pruneUnused). */
interface Values {
  /** Each custom property's values, from every rule that sets it. */
  definitions: Map<string, string[]>;
  /** The values of ordinary declarations, and of the markup's style attributes. */
  readers: string[];
  /** The values declared inside each keyframes. */
  frameReaders: Map<AtRule, string[]>;
}

/** The values of `root`'s declarations, sorted by who reads them, and the markup's styles. */
function valuesOf(root: Root, keyframes: AtRule[], markup: string): Values {
  const definitions = new Map<string, string[]>();
  const readers: string[] = [];
  const frameReaders = new Map<AtRule, string[]>();
  root.walkDecls((decl) => {
    const frames = keyframes.find((k) => isInside(decl, k));
    if (frames) frameReaders.set(frames, [...(frameReaders.get(frames) ?? []), decl.value]);
    else if (isCustom(decl))
      definitions.set(decl.prop, [...(definitions.get(decl.prop) ?? []), decl.value]);
    else readers.push(decl.value);
  });
  for (const [, value] of markup.matchAll(/\sstyle="([^"]*)"/g)) readers.push(value ?? "");
  return { definitions, readers, frameReaders };
}

/**
 * The custom properties and keyframes the page reads: those named by a value read, directly or
 * through a custom property or a keyframes read.
 */
function whatIsRead({ definitions, readers, frameReaders }: Values, keyframes: AtRule[]) {
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
  for (let found = true; found;) {
    found = false;
    const values = [...readers, ...[...used].flatMap((name) => definitions.get(name) ?? [])];
    for (const frames of keyframes) {
      if (usedFrames.has(frames) || !values.some((v) => namesWord(v, frames.params))) continue;
      usedFrames.add(frames);
      (frameReaders.get(frames) ?? []).forEach(read);
      found = true;
    }
  }
  return { used, usedFrames };
}

/**
 * Tailwind registers each `--tw-*` property it composes with (`@property`: not inherited, with
 * its initial value) and, for browsers without @property, sets the same initial values on every
 * element (`@layer properties{@supports (…){*,:before,:after{--tw-border-style:solid;…}}}`).
 * For a property of any syntax ("*") that the fallback sets, the fallback alone does what the
 * registration does in every browser: each element gets the initial value unless a rule of a later
 * layer sets its own, and nothing is inherited. So such @property rules go and the fallback
 * applies everywhere (a registration is about 70 bytes a property, the fallback's condition 180).
 * A typed one (`<length>`: it can be animated) stays registered.
 */
function foldRegistrations(root: Root): void {
  const fallback = new Map<string, string>();
  const conditions: AtRule[] = [];
  root.walkAtRules("layer", (layer) => {
    if (layer.params.trim() !== "properties") return;
    layer.each((node) => {
      if (node.type !== "atrule" || node.name !== "supports") return;
      conditions.push(node);
      node.walkDecls((decl) => {
        if (isCustom(decl)) fallback.set(decl.prop, decl.value);
      });
    });
  });
  if (conditions.length === 0) return;
  const registrations = root.nodes.filter(
    (node): node is AtRule => node.type === "atrule" && node.name === "property",
  );
  const folded = registrations.filter((rule) => {
    const name = rule.params.trim();
    const descriptors = new Map<string, string>();
    rule.each((node) => {
      if (node.type === "decl") descriptors.set(node.prop, node.value.trim());
    });
    return (
      fallback.has(name) &&
      descriptors.get("syntax") === '"*"' &&
      descriptors.get("inherits") === "false"
    );
  });
  // Every registration must be covered, or the fallback is left as Tailwind wrote it: a property
  // registered but not folded would be set twice, which is harmless but not what was measured.
  if (folded.length !== registrations.length) return;
  for (const rule of folded) rule.remove();
  for (const condition of conditions) condition.replaceWith(condition.nodes ?? []);
}

/**
 * The custom properties that hold one value wherever the page's rules set them (Tailwind's
 * `--tw-space-y-reverse` is 0 unless a `space-y-reverse` is on the page; a theme value set once on
 * :root), that the markup never sets, and that cost less written out than set and read: each is
 * replaced by its value where it is read. Values that read another property are left alone.
 * A Tailwind property (`--tw-*`, which only Tailwind's utilities set) that nothing on the page
 * sets or registers is read as its fallback: `text-sm`'s `var(--tw-leading,1.4286)` on a page
 * without a `leading-*` class.
 */
function constantProperties(root: Root, used: Set<string>, markup: string): Map<string, string> {
  const values = new Map<string, Set<string>>();
  const definitions = new Map<string, number>();
  const everywhere = new Set<string>();
  const reads = new Map<string, number>();
  const registered = new Set<string>();
  root.walkAtRules("property", (rule) => {
    registered.add(rule.params.trim());
  });
  root.walkDecls((decl) => {
    if (isCustom(decl) && used.has(decl.prop)) {
      values.set(decl.prop, (values.get(decl.prop) ?? new Set()).add(decl.value.trim()));
      definitions.set(decl.prop, (definitions.get(decl.prop) ?? 0) + 1);
      if (decl.parent?.type === "rule" && setsEveryElement(decl.parent as Rule)) {
        everywhere.add(decl.prop);
      }
    }
    for (const [, name] of decl.value.matchAll(VAR_REFERENCE)) {
      if (name) reads.set(name, (reads.get(name) ?? 0) + 1);
    }
  });
  const constants = new Map<string, string>();
  for (const name of used) {
    // Tailwind's own, then unset by the page's rules, registrations and markup (the costliest look).
    if (!name.startsWith("--tw-") || values.has(name) || registered.has(name)) continue;
    if (!markup.includes(name)) constants.set(name, "initial");
  }
  for (const [name, set] of values) {
    const [value] = [...set];
    // Only a property every element has (set on :root and inherited, or on every element): one
    // set by a class alone is not there for an element outside it, where its var() falls back.
    if (set.size !== 1 || value === undefined || value.includes("var(")) continue;
    if (!everywhere.has(name)) continue;
    if (/!important/i.test(value) || markup.includes(name)) continue;
    // `initial` is no value: each var() of it is its fallback (Tailwind's `--tw-leading` on a page
    // without a leading-* class), which costs nothing more.
    if (value === "initial") {
      constants.set(name, value);
      continue;
    }
    const count = reads.get(name) ?? 0;
    const setting = (definitions.get(name) ?? 0) * (name.length + value.length + 2);
    const kept = setting + count * (name.length + 5);
    if (count * value.length < kept) constants.set(name, value);
  }
  return constants;
}

/**
 * Whether a rule sets its properties on every element: its selectors include :root, html or *,
 * and it is inside nothing but layers (or the fallback of Tailwind's registered properties, which
 * the registrations stand for where its condition fails: they have the same initial values).
 */
function setsEveryElement(rule: Rule): boolean {
  if (!rule.selectors.some((s) => [":root", "html", "*"].includes(s.trim()))) return false;
  for (let parent = rule.parent; parent && parent.type !== "root"; parent = parent.parent) {
    if (parent.type !== "atrule") return false;
    const at = parent as AtRule;
    if (at.name === "layer") continue;
    const layer = at.parent?.type === "atrule" ? (at.parent as AtRule) : undefined;
    if (at.name === "supports" && layer?.name === "layer" && layer.params.trim() === "properties")
      continue;
    return false;
  }
  return true;
}

/** `value` with each var() of a constant property replaced by the property's value. */
function withConstants(value: string, constants: Map<string, string>): string {
  if (constants.size === 0) return value;
  let out = value;
  for (let changed = true; changed;) {
    changed = false;
    out = out.replace(
      /var\(\s*(--[\w-]+)\s*(?:,([^()]*(?:\([^()]*\)[^()]*)*))?\)/g,
      (whole, name: string, fallback: string | undefined) => {
        const constant = constants.get(name);
        if (constant === undefined) return whole;
        const value = constant === "initial" ? fallback?.trim() : constant;
        if (value === undefined) return whole; // var(--x) of nothing: left to the browser
        changed = true;
        return value;
      },
    );
  }
  // What the constants leave of Tailwind's reverse factors (space-y-*, divide-y): calc(1 - 0) is
  // 1, a length times 1 is the length, a length times 0 is 0px.
  const length = String.raw`(calc\([^()]*\)|-?[\d.]+(?:px|r?em))`;
  return out
    .replace(/calc\(1 - 0\)/g, "1")
    .replace(new RegExp(String.raw`calc\(${length} \* 1\)`, "g"), "$1")
    .replace(new RegExp(String.raw`calc\(${length} \* 0\)`, "g"), "0px");
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
