import { describe, expect, it } from "vitest";
import { parseImagePath } from "../../common/images";
import { createHmac } from "node:crypto";
import { ImageSigner, configuredHash, currentImageId, parseImageId } from "./sign";

const signer = new ImageSigner("s".repeat(64));
const URL_A = "https://news.example.org/pics/a.jpg";

describe("ImageSigner", () => {
  it("makes ids that the route's paths accept, and checks them", () => {
    const id = signer.articleId(42, URL_A);
    // 66 bits of MAC (docs/decisions/017-image-id-mac.md).
    expect(id).toMatch(/^a42\.[\w-]{11}$/);
    expect(parseImagePath(`/img/640/${id}`)?.id).toBe(id);
    expect(signer.verify(id, URL_A)).toBe(true);
    const cover = signer.configuredId(URL_A);
    expect(cover).toBe(`c${configuredHash(URL_A)}.${cover.split(".")[1]}`);
    expect(parseImagePath(`/img/320/${cover}`)?.id).toBe(cover);
    expect(signer.verify(cover, URL_A)).toBe(true);
  });

  it("gives the same picture the same id, and another picture or article another", () => {
    expect(signer.articleId(42, URL_A)).toBe(signer.articleId(42, URL_A));
    expect(signer.articleId(42, `${URL_A}?v=2`)).not.toBe(signer.articleId(42, URL_A));
    expect(signer.articleId(43, URL_A).split(".")[1]).not.toBe(
      signer.articleId(42, URL_A).split(".")[1],
    );
  });

  it("refuses an id for another URL, another key, a tampered MAC or another article", () => {
    const id = signer.articleId(42, URL_A);
    expect(signer.verify(id, "https://news.example.org/pics/b.jpg")).toBe(false);
    expect(new ImageSigner("t".repeat(64)).verify(id, URL_A)).toBe(false);
    expect(signer.verify(`${id.slice(0, -1)}${id.endsWith("x") ? "y" : "x"}`, URL_A)).toBe(false);
    expect(signer.verify(id.replace("a42.", "a43."), URL_A)).toBe(false);
    expect(signer.verify("a42", URL_A)).toBe(false);
    expect(signer.verify(id.slice(0, -1), URL_A)).toBe(false);
    expect(signer.verify("a42.", URL_A)).toBe(false);
  });

  it("still accepts ids made before with the 22-character MAC, checking it whole", () => {
    const mac = createHmac("sha256", "s".repeat(64)).update(`a42\n${URL_A}`).digest("base64url");
    const old = `a42.${mac.slice(0, 22)}`;
    expect(old.startsWith(signer.articleId(42, URL_A))).toBe(true);
    expect(signer.verify(old, URL_A)).toBe(true);
    expect(signer.verify(`${old.slice(0, -1)}${old.endsWith("x") ? "y" : "x"}`, URL_A)).toBe(false);
    expect(signer.verify(`a42.${mac.slice(0, 16)}`, URL_A)).toBe(false);
    expect(currentImageId(old)).toBe(signer.articleId(42, URL_A));
    expect(currentImageId(signer.articleId(42, URL_A))).toBe(signer.articleId(42, URL_A));
  });
});

describe("parseImageId", () => {
  it.each([
    ["a42.AAAAAAAAAAA", { kind: "article", articleId: 42 }],
    ["a42.AAAAAAAAAAAAAAAAAAAAAA", { kind: "article", articleId: 42 }],
    ["c0123456789abcdef.AAAAAAAAAAA", { kind: "configured", hash: "0123456789abcdef" }],
    ["a42.AAAAAAAAAAAAAAAA", null],
    ["a42.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", null],
    ["c0123456789abcdef.AAAAAAAAAAAAAAAAAAAAAA", { kind: "configured", hash: "0123456789abcdef" }],
    ["a42.short", null],
    ["b42.AAAAAAAAAAAAAAAAAAAAAA", null],
    ["a9999999999999999.AAAAAAAAAAAAAAAAAAAAAA", null],
    ["c0123.AAAAAAAAAAAAAAAAAAAAAA", null],
  ])("reads %j", (id, key) => {
    expect(parseImageId(id)).toEqual(key);
  });
});
