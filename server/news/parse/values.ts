// Reading the built document (see tree.ts): an element's text, its attributes, its children.
import type { XmlNode } from "./types";

/**
 * The text of an element (or of the first of several), trimmed; undefined when it has none. An
 * element that holds only other elements gives the first of their texts (or datetimes).
 */
export function text(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string") return value.trim() || undefined;
  if (Array.isArray(value)) return text(value[0]);
  if (typeof value === "object") {
    const node = value as XmlNode;
    if ("#text" in node) return text(node["#text"]);
    // <pubDate><time datetime="…">…</time></pubDate> and other wrapped values
    for (const [key, child] of Object.entries(node)) {
      if (key.startsWith("@_")) continue;
      const found = attr(child, "datetime") ?? text(child);
      if (found) return found;
    }
  }
  return undefined;
}

/** An attribute of an element, trimmed; undefined when absent or empty. */
export function attr(node: unknown, name: string): string | undefined {
  if (!node || typeof node !== "object") return undefined;
  const value = (node as XmlNode)[`@_${name}`];
  return typeof value === "string" ? value.trim() || undefined : undefined;
}

/** The elements `value` holds (one or several), without text. */
export function list(value: unknown): XmlNode[] {
  if (value === undefined || value === null) return [];
  return (Array.isArray(value) ? value : [value]).filter(
    (v): v is XmlNode => typeof v === "object" && v !== null,
  );
}

/** A whole number as written in an attribute, if it is one. */
export function number(value: string | undefined): number | undefined {
  const n = value === undefined ? NaN : Number.parseInt(value, 10);
  return Number.isFinite(n) ? n : undefined;
}

/** The text of the first of `names` that `node` has with text. */
export function firstText(node: XmlNode, names: readonly string[]): string | undefined {
  for (const name of names) {
    const found = text(node[name]);
    if (found) return found;
  }
  return undefined;
}

/** The first of `names` with text, in the element `node` (or in its media:group). */
export function firstOf(node: XmlNode, names: readonly string[]): XmlNode | string | undefined {
  const groups = list(node["media:group"]);
  for (const name of names) {
    for (const holder of [node, ...groups]) {
      const value = list(holder[name])[0] ?? holder[name];
      if (text(value)) return value as XmlNode | string;
    }
  }
  return undefined;
}

/** The names of an element's child elements (its attributes and text aside). */
export function childNames(node: unknown): string[] {
  if (!node || typeof node !== "object" || Array.isArray(node)) return [];
  return Object.keys(node).filter((k) => !k.startsWith("@_") && k !== "#text");
}

/**
 * Adds to `into` each value (the categories of an entry, say, or its authors) that `value` holds,
 * one element or several, as `read` reads it, as long as `into` holds fewer than `max`.
 */
export function addUpTo(
  into: string[],
  value: unknown,
  read: (element: unknown) => string | undefined,
  max: number,
): void {
  if (!Array.isArray(value)) {
    const found = value === undefined ? undefined : read(value);
    if (found && into.length < max) into.push(found);
    return;
  }
  for (let i = 0; i < value.length && into.length < max; i++) {
    const found = read(value[i]);
    if (found) into.push(found);
  }
}
