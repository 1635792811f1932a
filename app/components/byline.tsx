import { useSite } from "~/lib/root-data";
import { RelativeTime } from "./relative-time";

/** "By the {publication} newsroom · Updated 5 hours ago" under a list page's title. */
export function Byline({ updatedAt }: { updatedAt: string | null }) {
  const { site } = useSite();
  return (
    <p className="-mt-5 mb-8 text-sm text-muted">
      By the {site.name} newsroom
      {updatedAt && (
        <>
          {" · Updated "}
          <RelativeTime iso={updatedAt} />
        </>
      )}
    </p>
  );
}
