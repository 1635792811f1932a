import { describe, expect, it } from "vitest";
import { outletLink } from "./outlet-link";

/** A Google News article id holding `target` in field 4 (and, as Google writes them, an AMP copy). */
function googleId(target: string | Uint8Array, amp?: string): string {
  const body = typeof target === "string" ? Buffer.from(target, "utf8") : Buffer.from(target);
  const parts = [Buffer.from([0x08, 0x13, 0x22]), varint(body.length), body];
  if (amp) {
    const ampBytes = Buffer.from(amp, "utf8");
    parts.push(Buffer.from([0xd2, 0x01]), varint(ampBytes.length), ampBytes);
  }
  return Buffer.concat(parts).toString("base64url");
}

function varint(n: number): Buffer {
  const out: number[] = [];
  for (; n > 0x7f; n >>>= 7) out.push((n & 0x7f) | 0x80);
  out.push(n);
  return Buffer.from(out);
}

const CNN = "https://www.cnn.com/2022/07/27/politics/schumer-manchin-deal/index.html";

describe("outletLink", () => {
  it("unwraps a Google News article link to the story's own URL, in each of its forms", () => {
    // As the repository's Google News fixture writes it (tests/fixtures/feeds/google-news-top).
    expect(
      outletLink(
        "https://news.google.com/__i/rss/rd/articles/CBMiWWh0dHBzOi8vd3d3LmNubi5jb20vMjAyMi8wNy8yNy9wb2xpdGljcy9zY2h1bWVyLW1hbmNoaW4tZGVhbC1idWlsZC1iYWNrLWJldHRlci9pbmRleC5odG1s0gFdaHR0cHM6Ly9hbXAuY25uLmNvbS9jbm4vMjAyMi8wNy8yNy9wb2xpdGljcy9zY2h1bWVyLW1hbmNoaW4tZGVhbC1idWlsZC1iYWNrLWJldHRlci9pbmRleC5odG1s?oc=5",
      ),
    ).toBe(
      "https://www.cnn.com/2022/07/27/politics/schumer-manchin-deal-build-back-better/index.html",
    );
    const id = googleId(CNN, "https://amp.cnn.com/cnn/2022/07/27/x");
    for (const path of ["/rss/articles/", "/__i/rss/rd/articles/", "/articles/"]) {
      expect(outletLink(`https://news.google.com${path}${id}?oc=5`)).toBe(CNN);
    }
    // A URL longer than 127 bytes: its length takes two bytes.
    const long = `https://www.houstonchronicle.com/news/houston-texas/${"a".repeat(150)}.php`;
    expect(outletLink(`https://news.google.com/rss/articles/${googleId(long)}`)).toBe(long);
  });

  it("keeps Google's link where the id holds no http(s) URL it can read", () => {
    const keep = (id: string) => {
      const link = `https://news.google.com/rss/articles/${id}?oc=5`;
      expect(outletLink(link)).toBe(link);
    };
    // Ids made since mid-2024: an opaque token only Google resolves.
    keep(googleId("AU_yqLOxQ8Bn3Jp5rX0v9aB7cD2eF4gH6iJ8kL0mN2oP4qR6sT8uV0wX2yZ4"));
    // Not a web URL, or one a reader should not be sent to.
    keep(googleId("javascript:alert(document.cookie)"));
    keep(googleId("data:text/html,<script>alert(1)</script>"));
    keep(googleId("ftp://files.example/story"));
    keep(googleId("https://user:secret@www.cnn.com/story"));
    keep(googleId('https://www.cnn.com/a"><script>'));
    keep(googleId("https://"));
    // Not UTF-8.
    keep(googleId(new Uint8Array([0x68, 0x74, 0x74, 0x70, 0xff, 0xfe])));
    // Its length says more bytes than the id has (cut short), or the varint never ends.
    keep(googleId(CNN).slice(0, 40));
    keep(Buffer.from([0x08, 0x13, 0x22, 0xff, 0xff, 0xff, 0xff, 0xff]).toString("base64url"));
    // Another first field, or not base64 at all.
    keep(Buffer.from([0x08, 0x14, 0x2a, 0x03, 0x61, 0x62, 0x63]).toString("base64url"));
    keep("CBMi!!!!notbase64");
  });

  it("leaves every other link as it was", () => {
    const id = googleId(CNN);
    for (const link of [
      CNN,
      `https://news.google.com.evil.example/rss/articles/${id}`,
      `https://example.com/rss/articles/${id}`,
      `https://news.google.com/topics/${id}`,
      `https://news.google.com/rss/articles/${id}/more`,
      "https://news.google.com/?hl=en-US",
      "not a url",
    ]) {
      expect(outletLink(link)).toBe(link);
    }
  });
});
