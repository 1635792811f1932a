import { describe, expect, it } from "vitest";
import { icyBlock } from "../../tests/fixture-servers/radio-upstream";
import { IcyDemuxer } from "./icy";

/** Builds an ICY stream: `audio` with a metadata block (title or empty) every `metaint` bytes. */
function icyStream(audio: Buffer, metaint: number, titles: (string | null)[]): Buffer {
  const parts: Buffer[] = [];
  let block = 0;
  for (let i = 0; i < audio.length; i += metaint) {
    parts.push(audio.subarray(i, i + metaint));
    if (i + metaint > audio.length) break;
    const title = titles[block++ % titles.length] ?? null;
    parts.push(title === null ? icyBlock(null) : icyBlock(title, ""));
  }
  return Buffer.concat(parts);
}

describe("IcyDemuxer", () => {
  const audio = Buffer.from(Array.from({ length: 10_000 }, (_, i) => i % 251));

  it.each([1, 7, 100, 4096, 50_000])(
    "strips metadata and keeps every audio byte, fed in chunks of %i",
    (size) => {
      const titles: string[] = [];
      const demux = new IcyDemuxer(1000, (t) => titles.push(t));
      const stream = icyStream(audio, 1000, ["Morning Show", null, "Jazz Hour – Live"]);
      const out: Buffer[] = [];
      for (let i = 0; i < stream.length; i += size)
        out.push(demux.push(stream.subarray(i, i + size)));
      expect(Buffer.concat(out).equals(audio)).toBe(true);
      expect(titles[0]).toBe("Morning Show");
      expect(titles).toContain("Jazz Hour – Live");
    },
  );

  it("passes audio through when the stream has no metadata", () => {
    const demux = new IcyDemuxer(0, () => {});
    expect(demux.push(audio).equals(audio)).toBe(true);
  });
});
