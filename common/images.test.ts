import { describe, expect, it } from "vitest";
import { CARD_IMAGE, LEAD_IMAGE, imagePath, imageSrcSet, parseImagePath } from "./images";

const ID = "a42.AAAAAAAAAAA";

describe("parseImagePath", () => {
  it("reads the width and the id of a route path", () => {
    expect(parseImagePath(imagePath(ID, 960))).toEqual({ width: 960, id: ID });
    expect(parseImagePath(`/img/320/c0123456789abcdef.${"_".repeat(11)}`)?.width).toBe(320);
    // An id made before 2026-12-05, with a 22-character MAC, is still one.
    expect(parseImagePath(`/img/640/a42.${"A".repeat(22)}`)?.id).toBe(`a42.${"A".repeat(22)}`);
  });

  it.each([
    ["a width the cards never use", `/img/801/${ID}`],
    ["a width of 0", `/img/0/${ID}`],
    ["an id that is no signed id", "/img/640/a42"],
    ["a MAC of neither length", `/img/640/a42.${"A".repeat(16)}`],
    ["a path below the id", `/img/640/${ID}/x`],
    ["an encoded slash", "/img/640/..%2fetc"],
    ["another path", "/images/default-news.svg"],
  ])("refuses %s", (_case, pathname) => {
    expect(parseImagePath(pathname)).toBeNull();
  });
});

describe("imageSrcSet", () => {
  it("offers a route path in each width of the layout", () => {
    expect(imageSrcSet(imagePath(ID), CARD_IMAGE)).toBe(
      `/img/320/${ID} 320w, /img/640/${ID} 640w, /img/960/${ID} 960w`,
    );
    expect(imageSrcSet(imagePath(ID, 320), LEAD_IMAGE)).toContain(`/img/1280/${ID} 1280w`);
  });

  it("offers nothing for a picture that is not the route's (the default photo)", () => {
    expect(imageSrcSet("/images/default-news.svg", CARD_IMAGE)).toBeUndefined();
  });
});
