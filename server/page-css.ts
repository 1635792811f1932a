import Beasties from "beasties";
import { decodeHTMLAttribute } from "entities";

/** The inline stylesheet's element as root.tsx renders it (InlineStylesheet). */
const STYLE_OPEN = '<style id="site-css">';
const STYLE_CLOSE = "</style>";

/**
 * Finds which of the stylesheet's rules a page's markup uses (Beasties: the rules whose
 * selectors, pseudo-classes and pseudo-elements set aside, match an element of the page, with
 * the media queries, layers, custom properties and keyframes they need). A rule for a state the
 * page can reach without JavaScript (:hover, :focus, an open <details>, a checked box) is kept
 * with its element; one for a state only a script sets (aria-expanded="true", a dialog) is not:
 * the whole stylesheet comes before hydration (deferHydration).
 */
const beasties = new Beasties({
  // No files are read or written: the stylesheet is inline, and only its text is taken back.
  path: "/nonexistent",
  external: false,
  reduceInlineStyles: true,
  mergeStylesheets: false,
  keyframes: "critical",
  // Beasties drops a pseudo-class with what it wraps, so a selector that is all :where(…) or
  // :is(…) (Tailwind's space-y-*, divide-*, and a few base rules) would match nothing: such rules
  // are always kept. There are a few dozen, all short.
  allowRules: [/^:where\(/, /^:is\(/],
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
  return (
    html.slice(0, inline.start) +
    processed.slice(trimmed.start, trimmed.end) +
    html.slice(inline.end)
  );
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
