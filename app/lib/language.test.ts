import { describe, expect, it } from "vitest";
import { storyLanguage, textDirection } from "./language";

describe("textDirection and storyLanguage", () => {
  it.each([
    ["ur", "rtl"],
    ["ar-EG", "rtl"],
    ["he", "rtl"],
    ["fa", "rtl"],
    ["fr", "ltr"],
    ["en-US", "ltr"],
    ["not a tag!", "ltr"],
  ])("%s is written %s", (tag, dir) => {
    expect(textDirection(tag)).toBe(dir);
  });

  it("marks only what is not in the page's language", () => {
    expect(storyLanguage("en-GB", "en-US")).toEqual({});
    expect(storyLanguage(null, "en-US")).toEqual({});
    expect(storyLanguage("fr", "en-US")).toEqual({ lang: "fr" });
    expect(storyLanguage("ur", "en-US")).toEqual({ lang: "ur", dir: "rtl" });
    expect(storyLanguage("es", "es-US")).toEqual({});
  });
});
