import { describe, expect, it } from "vitest";
import { MALFORMED, WELL_FORMED, readFixture } from "../../../tests/support/fixtures";
import { feedBytes } from "../decode";
import { repair } from "./document";
import { skim } from "./skim";
import { buildTree, tokenizeTree } from "./tree";

describe("buildTree", () => {
  it.each([...WELL_FORMED, ...MALFORMED])(
    "builds %s and each of its entries as the tokenizer alone does",
    (name) => {
      const source = feedBytes(readFixture(name));
      const xml = repair(source.text(0, source.bytes.length));
      expect(buildTree(xml)).toEqual(tokenizeTree(xml));
      for (const entry of skim(source)?.entries ?? []) {
        const markup = source.text(...entry.range);
        expect(buildTree(markup)).toEqual(tokenizeTree(markup));
      }
    },
  );

  it.each([
    ["quoted attributes", `<a x="1" y='2'z="3" w="a>b" v='it"s' u=""><b/><c />t</a>`],
    ["entities", `<a href="?a=1&amp;b=&#38;2">x &lt; y &#x263A; &amp;amp;</a>`],
    ["CDATA", "<a><![CDATA[<b>not a tag</b>]]]><![CDATA[]]>tail</a>"],
    ["comments", "<a>one<!-- <b> -- - --->two<!---->three</a>"],
    ["a comment ended by --!>", "<a>one<!-- x --!> two --> three</a>"],
    ["text around and between elements", "  lead <a> <b>x</b> <c>y</c> </a> trail  "],
    ["markup in a text element", "<item><title>A <b>bold</b> claim</title><link>u</link></item>"],
    ["end tags left open or stray", "<a><b><c>x</a></z><d>y</d>"],
    ["end tags with space or a slash", "<a><b>x</b ><c>y</c/></a >"],
    ["an element cut short", "<a><b>x"],
    ["a tag cut short", '<a><b x="1'],
    ["'<' as text", "<a>1 < 2 and 3 <4 and <>5</a>"],
    ["an unquoted attribute", "<a x=1 y>t</a>"],
    ["a valueless attribute", "<a x>t</a>"],
    ["a space around '='", '<a x = "1">t</a>'],
    ["a slash inside a tag", '<a/b="1">t</a>'],
    ["an empty end tag", "<a>x</>y</a>"],
    ["a processing instruction", "<a><?php echo 1 ?>t</a>"],
    ["processing instructions of every shape", "<?xml version='1.0'?><a><??>1<?>?>2<?x?y?>3</a>"],
    ["an unclosed processing instruction", "<a>t<?x </a>"],
    ["a declaration", "<a><!ELEMENT a ANY>t</a>"],
    ["an unclosed CDATA", "<a><![CDATA[x</a>"],
    ["an unclosed comment", "<a><!-- x</a>"],
    ["names with prefixes and dots", '<media:content url="u" x.y="z"/><dc:date>d</dc:date>'],
    ["whitespace of every kind in a tag", '<a\tx="1"\ny="2"\r\f>t</a\n>'],
  ])("builds %s as the tokenizer alone does", (_what, xml) => {
    expect(buildTree(xml)).toEqual(tokenizeTree(xml));
    // and as an entry of a document built with its entries skimmed
    const doc = `<rss><channel><item>${xml}<pubDate>d</pubDate></item><item/></channel></rss>`;
    const [fast, slow] = [new Map(), new Map()];
    expect(buildTree(doc, fast)).toEqual(tokenizeTree(doc, slow));
    expect([...fast.values()]).toEqual([...slow.values()]);
  });
});
