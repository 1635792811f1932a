/**
 * "Sponsored", before a paid post's outlet where a feed's listing keeps such posts (issue 37):
 * readers are owed the difference between news and advertising, seen and heard.
 */
export function SponsoredLabel({ text }: { text: string }) {
  // The word is the edition's ("Sponsored", "Patrocinado"), given by the caller: a News Feed's
  // island renders this in the browser, where no catalogue is loaded.
  return (
    <span className="mr-2 rounded-sm bg-ink px-1 tracking-wider text-white uppercase">{text}</span>
  );
}
