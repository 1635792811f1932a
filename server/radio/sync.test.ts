import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { STATION_MP3, frameOffsets } from "../../tests/fixture-servers/radio-upstream";
import { frameStart } from "./sync";

const mp3 = readFileSync(STATION_MP3);
const frames = frameOffsets(mp3);

describe("frameStart", () => {
  it("knows the fixture's frames: 128 kbps at 44.1 kHz is 417 or 418 bytes a frame", () => {
    expect(frames.length).toBe(193); // 5.04 s of 1,152-sample frames
    expect(frames[0]).toBe(0);
    const sizes = new Set(frames.slice(1).map((at, i) => at - (frames[i] as number)));
    expect([...sizes].every((n) => n === 417 || n === 418)).toBe(true);
  });

  it.each([0, 1, 200, 416, 5000, 33333])(
    "finds the first whole MP3 frame of audio cut at byte %i",
    (cut) => {
      const expected = (frames.find((at) => at >= cut) as number) - cut;
      expect(frameStart(mp3.subarray(cut, cut + 8192), "audio/mpeg")).toBe(expected);
    },
  );

  it("answers 0 for what it cannot read: another type, no frames, nothing", () => {
    expect(frameStart(mp3.subarray(100, 8000), "audio/x-unknown")).toBe(0);
    expect(frameStart(Buffer.from("StreamTitle='x';".repeat(100)), "audio/mpeg")).toBe(0);
    expect(frameStart(Buffer.alloc(0), "audio/mpeg")).toBe(0);
  });
});
