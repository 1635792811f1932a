import type { ReactNode } from "react";

/** A page's h1 with the newspaper rule above it, and an optional standfirst. */
export function PageHeading({
  children,
  standfirst,
}: {
  children: ReactNode;
  standfirst?: ReactNode;
}) {
  return (
    <header className="mb-8 border-t-4 border-ink pt-3">
      <h1 className="font-serif text-3xl font-bold text-ink md:text-5xl">{children}</h1>
      {standfirst && <p className="mt-3 max-w-3xl text-lg text-muted">{standfirst}</p>}
    </header>
  );
}
