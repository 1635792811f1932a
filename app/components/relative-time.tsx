import { relativeDate } from "~/lib/relative-date";
import { useSite } from "~/lib/root-data";
import { useNow } from "~/lib/use-now";

/** A relative date ("3 hours ago") in a <time datetime>, kept fresh in the browser. */
export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  const { site, now: serverNow } = useSite();
  const now = useNow(serverNow);
  return (
    <time dateTime={iso} className={className}>
      {relativeDate(iso, now, site)}
    </time>
  );
}
