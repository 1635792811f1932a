import { Fragment } from "react";

/**
 * A text split at a search's matches (even indexes plain, odd ones matched), the matches in
 * `<mark>`. Feed text stays text: React escapes every part.
 */
export function MarkedText({ parts }: { parts: readonly string[] }) {
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <mark key={i} className="rounded-sm bg-amber-100 text-inherit">
            {part}
          </mark>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}
