import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SOCIAL_IMAGE_PATH, SocialImages, type SocialImage } from "../images/social-image";
import { SECURITY_HEADERS } from "./headers";
import { serveSocialImage } from "./social-image";

const AUSTIN = { name: "Austin City Wire", city: "Austin", state: "Texas" };

describe("serveSocialImage", () => {
  let server: http.Server;
  let url: string;
  let image: SocialImage;

  beforeAll(async () => {
    image = await new SocialImages().get("austin", AUSTIN);
    server = http.createServer((req, res) => serveSocialImage(req, res, image));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${SOCIAL_IMAGE_PATH}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("sends the PNG with its headers", async () => {
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(res.headers.get("etag")).toBe(image.etag);
    expect(res.headers.get("content-length")).toBe(String(image.body.length));
    for (const [name, value] of Object.entries(SECURITY_HEADERS))
      expect(res.headers.get(name)).toBe(value);
    expect(Buffer.from(await res.arrayBuffer()).equals(image.body)).toBe(true);
  });

  it("answers 304 to a reader that holds it", async () => {
    const res = await fetch(url, { headers: { "If-None-Match": `"other", ${image.etag}` } });
    expect(res.status).toBe(304);
    expect(res.headers.get("etag")).toBe(image.etag);
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(await res.text()).toBe("");
  });

  it("sends it again for another ETag", async () => {
    const res = await fetch(url, { headers: { "If-None-Match": `"other"` } });
    expect(res.status).toBe(200);
    expect((await res.arrayBuffer()).byteLength).toBe(image.body.length);
  });

  it("sends no body to HEAD", async () => {
    const res = await fetch(url, { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-length")).toBe(String(image.body.length));
    expect(await res.text()).toBe("");
  });
});
