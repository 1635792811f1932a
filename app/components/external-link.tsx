import type { ComponentProps } from "react";

/** A link that leaves the site in a new tab, and says so to screen readers. */
export function ExternalLink({
  children,
  rel = "noopener noreferrer",
  ...props
}: Omit<ComponentProps<"a">, "target">) {
  return (
    <a {...props} target="_blank" rel={rel}>
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
