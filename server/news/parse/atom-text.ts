// Atom's text constructs (title, summary, content): their text, and whether it is plain.
import { isUtf8 } from "node:buffer";
import type { XmlNode } from "./types";
import { attr, childNames, text } from "./values";

/** Text as UTF-8 from base64, or undefined when the bytes are not text (an image, say). */
function fromBase64(raw: string): string | undefined {
  const bytes = Buffer.from(raw, "base64");
  return isUtf8(bytes) ? bytes.toString("utf8") : undefined;
}

/**
 * An Atom text construct (title, summary, content): its text, and whether it is plain text
 * (type="text", the default, or text/plain) rather than markup.
 *  - Base64 is decoded where Atom 0.3 says mode="base64", and where Atom 1.0 implies it: a media
 *    type that is neither text/* nor XML (RFC 4287 §4.1.3.3).
 *  - A plain construct that holds child elements is markup all the same (the publisher wrote
 *    XHTML and did not say so): its tags are not shown as text.
 *  - A construct whose only child is a div holding escaped HTML (TypePad wrapped its type="html"
 *    content so) is that div's text, read as the type says.
 */
export function atomText(value: XmlNode | string | undefined): { text?: string; plain: boolean } {
  const raw = text(value);
  const type = (attr(value, "type") ?? "text").toLowerCase();
  const plain = type === "text" || type === "text/plain";
  if (raw === undefined) return { plain };
  // a media type neither text nor XML: its content is base64
  const binary = type.includes("/") && !type.startsWith("text/") && !/[/+]xml$/.test(type);
  if (binary || attr(value, "mode")?.toLowerCase() === "base64") {
    return { text: fromBase64(raw), plain };
  }
  const children = childNames(value);
  if (children.length === 0 || type === "xhtml" || type.endsWith("xml")) {
    return { text: raw, plain };
  }
  const [only] = children;
  const wrapper =
    children.length === 1 && only && /^(xhtml:)?div$/.test(only)
      ? (value as XmlNode)[only]
      : undefined;
  if (
    wrapper !== undefined &&
    !Array.isArray(wrapper) && // (several divs: markup)
    childNames(wrapper).length === 0 &&
    /^<(xhtml:)?div[\s>][\s\S]*<\/(xhtml:)?div>$/.test(raw) // (no text around it)
  ) {
    return { text: text(wrapper), plain };
  }
  return { text: raw, plain: false };
}
