// Short class names in the pages the server sends (decision 015). Imported by the build too
// (scripts/build-css.mjs, with Node's own type stripping): packages only, no relative imports.
import { decodeHTMLAttribute } from "entities";
import postcss, { type Rule } from "postcss";

/**
 * Classes that keep their long names everywhere: those an island's DOM code adds, removes or
 * looks for (app/islands/menu.ts: `hidden`, `block`, `.sr-only`; app/islands/video.ts: its frame),
 * which a page's short names would not answer to, and `on-ink`, the mark of a surface that is ink
 * in both schemes (decision 013), which the tests look for. class-names.test.ts reads the
 * islands' code and fails on a class it names that is not here.
 */
export const KEPT_CLASSES: ReadonlySet<string> = new Set([
  "on-ink",
  "hidden",
  "block",
  "sr-only",
  "absolute",
  "inset-0",
  "h-full",
  "w-full",
  "border-0",
]);

/** Long name → short name. */
export type ShortNames = ReadonlyMap<string, string>;

const FIRST = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const REST = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-";

/**
 * The `index`th short name: `A`…`Z`, then `Aa`…`Z-`, then three characters. Each starts with a
 * capital, which no Tailwind class and no class of the site's does, so a short name never meets
 * a class the stylesheet does not name (an embed's own).
 */
export function shortName(index: number): string {
  if (index < FIRST.length) return FIRST.charAt(index);
  let rest = index - FIRST.length;
  let width = 1;
  while (rest >= FIRST.length * REST.length ** width) {
    rest -= FIRST.length * REST.length ** width;
    width++;
  }
  let tail = "";
  for (let i = 0; i < width; i++) {
    tail = REST.charAt(rest % REST.length) + tail;
    rest = Math.floor(rest / REST.length);
  }
  return FIRST.charAt(rest) + tail;
}

// One character of a CSS identifier: an escape (hex, or any other character), a name character,
// or any non-ASCII character.
const ESCAPE = String.raw`\\[0-9a-fA-F]{1,6}[ \t\n\r\f]?|\\[^\n\r\f0-9a-fA-F]`;
const CLASS_AT = new RegExp(
  String.raw`\.((?:${ESCAPE}|-?[A-Za-z_\u0080-\uffff]|--)(?:${ESCAPE}|[\w\-\u0080-\uffff])*)`,
  "y",
);

/** A CSS identifier as written (`md\:text-5xl`, `\32 xl\:p-4`) with its escapes undone. */
export function unescapeIdentifier(text: string): string {
  return text.replace(
    /\\([0-9a-fA-F]{1,6})[ \t\n\r\f]?|\\([^\n\r\f])/g,
    (_whole, hex: string | undefined, char: string | undefined) =>
      hex ? String.fromCodePoint(Number.parseInt(hex, 16)) : (char ?? ""),
  );
}

/**
 * Calls `found` with each class a selector names (its name, and where `.name` is written),
 * quoted strings (`[href$=".pdf"]`) passed over.
 */
function eachClass(
  selector: string,
  found: (name: string, start: number, end: number) => void,
): void {
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i];
    if (c === "\\") {
      i++;
    } else if (c === '"' || c === "'") {
      for (i++; i < selector.length && selector[i] !== c; i++) if (selector[i] === "\\") i++;
    } else if (c === ".") {
      CLASS_AT.lastIndex = i;
      const match = CLASS_AT.exec(selector);
      if (!match?.[1]) continue;
      found(unescapeIdentifier(match[1]), i, CLASS_AT.lastIndex);
      i = CLASS_AT.lastIndex - 1;
    }
  }
}

/** The selector with each class that has a short name written as it (none: the same string). */
export function renameSelector(selector: string, names: ShortNames): string {
  let out = "";
  let from = 0;
  eachClass(selector, (name, start, end) => {
    const short = names.get(name);
    if (short === undefined) return;
    out += `${selector.slice(from, start)}.${short}`;
    from = end;
  });
  return from === 0 ? selector : out + selector.slice(from);
}

/** Each style rule of a stylesheet (a keyframes' percentages are not selectors). */
function eachRule(css: string, visit: (rule: Rule) => void): postcss.Root {
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    const parent = rule.parent;
    if (parent?.type === "atrule" && /keyframes$/i.test((parent as postcss.AtRule).name)) return;
    visit(rule);
  });
  return root;
}

/**
 * The short names of a stylesheet's classes: every class its selectors name, KEPT_CLASSES
 * aside, in sorted order. A pure function of the stylesheet, so the build (which writes the whole
 * stylesheet with both names) and every server process agree.
 */
export function shortNames(css: string): ShortNames {
  const found = new Set<string>();
  eachRule(css, (rule) => eachClass(rule.selector, (name) => found.add(name)));
  const names = [...found].filter((name) => !KEPT_CLASSES.has(name)).sort();
  return new Map(names.map((name, i) => [name, shortName(i)]));
}

/** The stylesheet with its selectors' classes written short (declarations left as they are). */
export function renameRules(css: string, names: ShortNames): string {
  return eachRule(css, (rule) => {
    const renamed = renameSelector(rule.selector, names);
    if (renamed !== rule.selector) rule.selector = renamed;
  }).toString();
}

/**
 * The whole stylesheet as the browser gets it: each selector that names a class followed by its
 * short form, so that markup with either name matches (decision 015).
 */
export function withBothNames(css: string, names: ShortNames): string {
  return eachRule(css, (rule) => {
    const renamed = renameSelector(rule.selector, names);
    if (renamed !== rule.selector) rule.selector = `${rule.selector},${renamed}`;
  }).toString();
}

/** An attribute value as React writes it (`&`, `<`, `>` and quotes as character references). */
function escapeAttribute(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "#x27" }[c] ?? ""};`,
  );
}

const CLASS_ATTRIBUTE = / class="([^"]*)"/g;
const RAW_TEXT = /<(script|style)\b[^>]*>[\s\S]*?<\/\1>/gi;

/** One stretch of markup with its class attributes' names written short. */
function renameAttributes(markup: string, names: ShortNames): string {
  return markup.replace(CLASS_ATTRIBUTE, (whole, value: string) => {
    const tokens = decodeHTMLAttribute(value).split(/[ \t\n\f\r]+/);
    let changed = false;
    const renamed = tokens.map((token) => {
      const short = names.get(token);
      if (short === undefined) return token;
      changed = true;
      return short;
    });
    // In one order (a class's place in the attribute means nothing to CSS): the same classes
    // written alike wherever they are used, which brotli finds again (79 bytes of home's 13.9 KB).
    const sorted = renamed.filter(Boolean).sort();
    return changed ? ` class="${escapeAttribute(sorted.join(" "))}"` : whole;
  });
}

/**
 * The page with its class attributes' names written short, and sorted; the insides of `<script>` and
 * `<style>` elements are left byte for byte (scripts are hashed into the CSP).
 */
export function renameClassAttributes(html: string, names: ShortNames): string {
  if (names.size === 0) return html;
  let out = "";
  let from = 0;
  for (const match of html.matchAll(RAW_TEXT)) {
    const openEnd = html.indexOf(">", match.index) + 1;
    const closeStart = match.index + match[0].length - `</${match[1]}>`.length;
    out += renameAttributes(html.slice(from, openEnd), names) + html.slice(openEnd, closeStart);
    from = closeStart;
  }
  return out + renameAttributes(html.slice(from), names);
}
