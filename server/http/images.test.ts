import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import type { CityExchange } from "./exchange";
import { imageRoute } from "./images";

/** An exchange for a GET of `pathname` from `address` (no socket: the route is a fake). */
function exchange(pathname: string, address: string): CityExchange {
  const req = { method: "GET", headers: {}, address } as unknown as IncomingMessage;
  return {
    req,
    res: {} as ServerResponse,
    pathname,
    base: "",
    site: "a",
    city: () => ({}) as never,
  };
}

describe("imageRoute", () => {
  it("hands the picture's work the reader it is for: an IPv4 address, or an IPv6 /64", () => {
    const readers: (string | undefined)[] = [];
    const handle = imageRoute(
      (_req, _res, _pathname, reader) => readers.push(reader),
      (req) => (req as unknown as { address: string }).address,
    );
    for (const address of [
      "2001:db8:1:2::10",
      "2001:db8:1:2:ffff::1",
      "2001:db8:1:3::10",
      "203.0.113.5",
      "::ffff:203.0.113.5",
    ])
      expect(handle(exchange("/img/400/abc", address))).toBe(true);
    expect(readers).toEqual([
      "2001:db8:1:2::/64",
      "2001:db8:1:2::/64",
      "2001:db8:1:3::/64",
      "203.0.113.5",
      "203.0.113.5",
    ]);
    // Not a picture: not its route.
    expect(handle(exchange("/faq", "203.0.113.5"))).toBe(false);
  });
});
