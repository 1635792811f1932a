import { useEffect, useRef } from "react";
import { NavLink, useLocation } from "react-router";
import { HEADER_MAIN, HEADER_MORE, PAGES, type PageId } from "~/lib/pages";

const LINK =
  "flex min-h-11 shrink-0 items-center px-2 text-sm font-semibold whitespace-nowrap md:min-h-10";

function linkClass({ isActive }: { isActive: boolean }): string {
  return `${LINK} ${isActive ? "text-accent underline decoration-2 underline-offset-4" : "text-ink hover:text-accent"}`;
}

/**
 * The header's links at 768 px and wider, on one row (DESIGN.md "Navigation"): the main sections,
 * then "More", a `<details>` disclosure with the rest, which works without JavaScript; with it,
 * Escape closes it (focus back on its summary), and so do a click outside and choosing a link.
 * From 768 to 1023 px the row scrolls sideways, faded at its edge; More stays outside the scroll.
 */
export function MainNav() {
  const more = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  const inMore = HEADER_MORE.some((id) => PAGES[id].path === pathname);

  useEffect(() => {
    const close = (event: Event) => {
      const details = more.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== "Escape") return;
        details.open = false;
        details.querySelector("summary")?.focus();
      } else if (!details.contains(event.target as Node)) {
        details.open = false;
      }
    };
    document.addEventListener("keydown", close);
    document.addEventListener("click", close);
    return () => {
      document.removeEventListener("keydown", close);
      document.removeEventListener("click", close);
    };
  }, []);

  const closeMore = () => {
    if (more.current) more.current.open = false;
  };

  return (
    <div className="mx-auto hidden max-w-7xl items-center gap-1 px-4 md:flex">
      <ul
        className="flex min-w-0 flex-1 overflow-x-auto [mask-image:linear-gradient(to_right,black_92%,transparent)] lg:[mask-image:none]"
        aria-label="Sections"
      >
        {HEADER_MAIN.map((id) => (
          <li key={id}>
            <NavLink to={PAGES[id].path} end className={linkClass}>
              {PAGES[id].label}
            </NavLink>
          </li>
        ))}
      </ul>
      <details ref={more} className="relative shrink-0">
        <summary
          className={`${LINK} cursor-pointer list-none rounded hover:text-accent [&::-webkit-details-marker]:hidden ${inMore ? "text-accent underline decoration-2 underline-offset-4" : "text-ink"}`}
        >
          More<span aria-hidden="true">&nbsp;▾</span>
          {inMore && <span className="sr-only"> (the current page is here)</span>}
        </summary>
        <ul className="absolute top-full right-0 z-50 mt-1 grid w-[28rem] grid-cols-2 gap-x-2 rounded border border-rule bg-paper p-2 shadow-lg">
          {HEADER_MORE.map((id: PageId) => (
            <li key={id}>
              <NavLink to={PAGES[id].path} end className={linkClass} onClick={closeMore}>
                {PAGES[id].label}
              </NavLink>
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}
