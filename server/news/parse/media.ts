// An entry's pictures and enclosures (Media RSS, RSS's enclosure); normalize.ts picks one.
import type { MediaRef, RawItem, XmlNode } from "./types";
import { attr, list, number } from "./values";

/** The media `nodes` refer to, each by its url (or `urlAttr`), rdf:resource or href. */
function mediaRefs(nodes: XmlNode[], urlAttr = "url"): MediaRef[] {
  return nodes.flatMap((node) => {
    const url = attr(node, urlAttr) ?? attr(node, "rdf:resource") ?? attr(node, "href");
    if (!url) return [];
    return [
      {
        url,
        type: attr(node, "type"),
        medium: attr(node, "medium"),
        width: number(attr(node, "width")),
        height: number(attr(node, "height")),
      },
    ];
  });
}

/** An entry's media, thumbnails and enclosures, its media:group's among them. */
export function mediaOf(item: XmlNode): Pick<RawItem, "media" | "thumbnails" | "enclosures"> {
  const groups = list(item["media:group"]);
  return {
    media: mediaRefs([
      ...list(item["media:content"]),
      ...groups.flatMap((g) => list(g["media:content"])),
    ]),
    thumbnails: mediaRefs([
      ...list(item["media:thumbnail"]),
      ...groups.flatMap((g) => list(g["media:thumbnail"])),
    ]),
    enclosures: mediaRefs([...list(item.enclosure), ...list(item["enc:enclosure"])]),
  };
}
