import { Link } from "react-router";
import { useT } from "~/lib/i18n";

/**
 * A slim masthead for the pages outside the shared layout (/radio, /books): the publication's
 * name, linking home, so that a reader who lands there knows whose page it is and how to go on.
 */
export function BrandBar({ name }: { name: string }) {
  const t = useT();
  return (
    <header className="border-b-4 border-accent bg-ink text-white">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-2">
        <Link
          discover="none"
          to="/"
          className="inline-flex min-h-11 items-center font-serif text-xl font-bold tracking-tight hover:underline"
        >
          {name}
        </Link>
        <Link
          discover="none"
          to="/"
          className="inline-flex min-h-11 items-center text-sm hover:underline"
        >
          {t("layout.backToHome")}
        </Link>
      </div>
    </header>
  );
}
