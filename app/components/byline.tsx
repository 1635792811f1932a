import { useSite } from "~/lib/root-data";
import { RelativeTime } from "./relative-time";

/**
 * What a news page is, under its title: "Stories from 3 outlets, gathered by the {publication}
 * newsroom · Updated 12 minutes ago". The stories are other outlets' (issue 25): the byline says
 * so rather than "By the … newsroom", and "Updated" is when the page's feeds were last fetched
 * successfully, not when the page was made.
 */
export function Byline({
  updatedAt,
  outlets,
  className = "-mt-5 mb-8",
}: {
  updatedAt: string | null;
  outlets: number;
  className?: string;
}) {
  const { site } = useSite();
  const count = outlets.toLocaleString(site.locale);
  return (
    <p className={`text-sm text-muted ${className}`}>
      {outlets > 0
        ? `Stories from ${count} ${outlets === 1 ? "outlet" : "outlets"}, gathered by the ${site.name} newsroom`
        : `Gathered by the ${site.name} newsroom`}
      {updatedAt && (
        <>
          {" · Updated "}
          <RelativeTime iso={updatedAt} minutes />
        </>
      )}
    </p>
  );
}
