import { useSite } from "~/lib/root-data";
import { RelativeTime } from "./relative-time";

/**
 * What a list page is, under its title: "Stories from 3 outlets, gathered by the {publication}
 * newsroom · Updated 5 hours ago". The stories are other outlets' (issue 25): the byline says so
 * rather than "By the … newsroom".
 */
export function Byline({ updatedAt, outlets }: { updatedAt: string | null; outlets: number }) {
  const { site } = useSite();
  const count = outlets.toLocaleString(site.locale);
  return (
    <p className="-mt-5 mb-8 text-sm text-muted">
      {outlets > 0
        ? `Stories from ${count} ${outlets === 1 ? "outlet" : "outlets"}, gathered by the ${site.name} newsroom`
        : `Gathered by the ${site.name} newsroom`}
      {updatedAt && (
        <>
          {" · Updated "}
          <RelativeTime iso={updatedAt} />
        </>
      )}
    </p>
  );
}
