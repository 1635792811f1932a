import type { ReactNode } from "react";
import { useT } from "~/lib/i18n";

/**
 * A content column and, on wide screens, a sidebar beside it (after it on phones), whose last
 * block stays in view (sticky, under the header) while a long column scrolls on.
 */
export function PageWithSidebar({
  children,
  sidebar,
}: {
  children: ReactNode;
  sidebar: ReactNode;
}) {
  const t = useT();
  return (
    <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="min-w-0">{children}</div>
      <aside
        className="flex flex-col gap-8 [&>:last-child]:lg:sticky [&>:last-child]:lg:top-32"
        aria-label={t("news.home.related")}
      >
        {sidebar}
      </aside>
    </div>
  );
}
