import type { ReactNode } from "react";

/** A content column and, on wide screens, a sidebar beside it (after it on phones). */
export function PageWithSidebar({
  children,
  sidebar,
}: {
  children: ReactNode;
  sidebar: ReactNode;
}) {
  return (
    <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="min-w-0">{children}</div>
      <aside className="flex flex-col gap-8" aria-label="Related">
        {sidebar}
      </aside>
    </div>
  );
}
