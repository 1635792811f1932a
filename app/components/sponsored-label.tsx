/**
 * "Sponsored", before a paid post's outlet where a feed's listing keeps such posts (issue 37):
 * readers are owed the difference between news and advertising, seen and heard.
 */
export function SponsoredLabel() {
  return (
    <span className="mr-2 rounded-sm bg-ink px-1 tracking-wider text-white uppercase">
      Sponsored
    </span>
  );
}
