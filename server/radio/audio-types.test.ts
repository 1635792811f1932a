import { describe, expect, it } from "vitest";
import { audioType } from "./audio-types";

describe("audioType", () => {
  it.each([
    ["audio/mpeg", "audio/mpeg"],
    ["Audio/MPEG; charset=binary", "audio/mpeg"],
    ["audio/aacp", "audio/aacp"],
    ["audio/aac", "audio/aac"],
    ["application/ogg", "application/ogg"],
    ["audio/ogg; codecs=opus", "audio/ogg"],
    ["audio/x-flac", "audio/x-flac"],
  ])("passes %j on as %j", (header, type) => {
    expect(audioType(header)).toBe(type);
  });

  it.each([
    "text/html",
    "text/html; charset=utf-8",
    "application/json",
    "image/svg+xml",
    "application/octet-stream",
    // playlists are text, though their types say audio
    "audio/x-mpegurl",
    "audio/mpegurl",
    "audio/x-scpls",
    "audio/",
    "audio/mpeg, text/html",
    "",
    undefined,
  ])("refuses %j", (header) => {
    expect(audioType(header)).toBeNull();
  });
});
