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
    expect(storyLanguage("fr", "en-US")).toEqual({ lang: "fr", languageName: "French" });
    expect(storyLanguage("ur", "en-US")).toEqual({ lang: "ur", dir: "rtl", languageName: "Urdu" });
    expect(storyLanguage("es", "es-US")).toEqual({});
  });

  it("names the language in the page's own language, from its primary subtag", () => {
    expect(storyLanguage("de-AT", "en-US").languageName).toBe("German");
    expect(storyLanguage("nl", "en-US").languageName).toBe("Dutch");
    expect(storyLanguage("de", "es-US").languageName).toBe("alemán");
    // A tag the platform knows no name for is marked with lang alone.
    expect(storyLanguage("qaa", "en-US")).toEqual({ lang: "qaa" });
  });
});
