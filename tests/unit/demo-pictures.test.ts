import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFeedServer, type FeedServer } from "../fixture-servers/feed-server";
import { pictureId, withLocalPictures } from "../fixture-servers/pictures";

let feeds: FeedServer;
beforeAll(async () => {
  feeds = await startFeedServer(0);
});
afterAll(() => feeds.close());

/** A feed's text (Latin-1) as the demo serves it, its pictures on a server at BASE. */
const BASE = "http://127.0.0.1:1";
const rewritten = (feed: string) =>
  withLocalPictures(Buffer.from(feed, "latin1"), BASE).toString("latin1");
/** Where the demo serves the picture first named `url`. */
const local = (url: string) => `${BASE}/picture/${pictureId(url)}.jpg`;

describe("the demo's pictures", () => {
  it("rewrite a feed's picture URLs to the fixture server and leave every other byte alone", () => {
    const text = rewritten(
      '<item><media:content url="https://img.example/a/b.jpg" medium="image"/><link>https://news.example/story.html</link>' +
        "<description>&lt;img src=&quot;http://cdn.example/p.png?w=640&amp;h=360&quot;&gt; caf\xe9</description></item>",
    );
    expect(text).toContain(`url="${local("https://img.example/a/b.jpg")}"`);
    expect(text).toContain(`src=&quot;${local("http://cdn.example/p.png")}?w=640&amp;h=360&quot;`);
    expect(text).toContain("<link>https://news.example/story.html</link>");
    expect(text).toContain("caf\xe9"); // a Latin-1 byte, untouched
  });

  it("rewrite a picture named by a path on the publisher's site, and no other path", () => {
    const text = rewritten(
      '<description><![CDATA[<img src="/pictures/100/a.jpg" class="n" /><a href="/news/1">x</a>]]></description>' +
        "<description>&lt;img src=&quot;/img/b.png&quot;&gt;</description>",
    );
    expect(text).toContain(`<img src="${local("/pictures/100/a.jpg")}" class="n" />`);
    expect(text).toContain(`&lt;img src=&quot;${local("/img/b.png")}&quot;&gt;`);
    expect(text).toContain('<a href="/news/1">x</a>');
  });

  it("serve FC Utrecht's feed, whose pictures are paths on its site, with every picture local", async () => {
    const text = await (await fetch(`${feeds.url}/pictures/feeds/fcutrecht-news.rss.xml`)).text();
    expect(text).not.toMatch(/src="\/[^"]+\.(?:jpe?g|png|gif|webp)"/i);
    expect(text.match(new RegExp(`src="${feeds.url}/picture/`, "g"))?.length).toBeGreaterThan(5);
  });

  it("serve a feed whose every picture is local, and a 1200 x 675 JPEG for each, the same each time", async () => {
    const text = await (await fetch(`${feeds.url}/pictures/feeds/guardian-us.rss.xml`)).text();
    const pictures = [...text.matchAll(/https?:\/\/[^\s"'<>]+?\.(?:jpe?g|png|gif|webp)\b/gi)].map(
      (m) => m[0],
    );
    expect(pictures.length).toBeGreaterThan(0);
    for (const url of pictures) expect(url.startsWith(`${feeds.url}/picture/`)).toBe(true);
    const first = Buffer.from(await (await fetch(pictures[0] ?? "")).arrayBuffer());
    const again = Buffer.from(await (await fetch(pictures[0] ?? "")).arrayBuffer());
    expect(first.equals(again)).toBe(true);
    expect(await sharp(first).metadata()).toMatchObject({
      format: "jpeg",
      width: 1200,
      height: 675,
    });
  });

  it("leave the plain fixture as its publisher wrote it", async () => {
    const plain = await (await fetch(`${feeds.url}/feeds/guardian-us.rss.xml`)).text();
    expect(plain).not.toContain("/picture/");
  });
});
