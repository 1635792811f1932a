import { Fragment, type ReactNode } from "react";

/**
 * A message's text with elements put in place of the `{name}` placeholders the translator left
 * unfilled (a `<time>`, a link, a `<bdi>`): the catalogue orders the words around them, as each
 * language needs. A placeholder without a part stays as written, so a missing part shows.
 */
export function withParts(text: string, parts: Readonly<Record<string, ReactNode>>): ReactNode[] {
  return text
    .split(/\{(\w+)\}/g)
    .map((piece, i) =>
      i % 2 === 0 ? (
        piece
      ) : (
        <Fragment key={i}>{Object.hasOwn(parts, piece) ? parts[piece] : `{${piece}}`}</Fragment>
      ),
    )
    .filter((piece) => piece !== "");
}
