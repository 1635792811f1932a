// What holds for a document as a whole: what is cleaned from it before it is read, which roots
// are feeds, and whether it ends (a response cut short must not be read as a feed).

/** The root elements of the feeds skim() reads (a root <channel>, CDF's, is the tokenizer's). */
export const FEED_ROOTS = new Set(["rss", "rdf:RDF", "feed"]);

/**
 * Removes what must never be read (a DTD with its entity definitions) or shown (characters XML
 * forbids), and the junk real feeds put before the document. A bare "&" (in a query string, say)
 * needs nothing: the tokenizer leaves what is not an entity as it is.
 */
export function repair(xml: string): string {
  let out = xml.replace(/^[\s\uFEFF]+/, "");
  // junk (a bogus processing instruction) before the document
  if (out.startsWith("<?") && !/^<\?xml[\s?]/i.test(out)) out = out.replace(/^<\?[^>]*\?>\s*/, "");
  // a DOCTYPE (with any internal subset) comes before the root: its entities are never honoured
  const head = out.slice(0, 8192);
  if (/<!DOCTYPE/i.test(head)) out = out.replace(/<!DOCTYPE[^[>]*(\[[\s\S]*?\])?\s*>/gi, "");
  // (Characters XML forbids, control characters, are dropped from the text that is shown: see
  // normalize.ts. Scanning every document for them here cost more than the rest of repair.)
  return out;
}

/** Whether a document ends with its root's end tag, then only comments, PIs or whitespace. */
export function endsWithRootClose(xml: string): boolean {
  let end = xml.length;
  for (;;) {
    while (end > 0 && /\s/.test(xml.charAt(end - 1))) end--;
    if (xml.endsWith("-->", end)) end = xml.lastIndexOf("<!--", end - 3);
    else if (xml.endsWith("?>", end)) end = xml.lastIndexOf("<?", end - 2);
    else break;
    if (end < 0) return false;
  }
  return /<\/(?:[\w.-]+:)?(?:rss|feed|RDF|channel|CHANNEL)\s*>$/.test(
    xml.slice(Math.max(0, end - 64), end),
  );
}
