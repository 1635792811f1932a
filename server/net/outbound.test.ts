import type { LookupAddress } from "node:dns";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startCanary, type Canary } from "../../tests/support/canary";
import {
  OutboundRefusedError,
  addressRange,
  createOutboundGuard,
  isAllowedAddress,
  isGlobalAddress,
  parseHostAllowlist,
  vetAddresses,
} from "./outbound";

// Network rule: these tests connect to loopback only. Every other address below is a string
// handed to a pure function, never connected to.

describe("addressRange", () => {
  it.each([
    // IPv4
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["10.0.0.1", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "linkLocal"],
    ["100.64.0.1", "carrierGradeNat"],
    ["100.127.255.255", "carrierGradeNat"],
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "unspecified"],
    ["255.255.255.255", "broadcast"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["240.0.0.1", "reserved"],
    ["192.0.0.8", "reserved"],
    ["192.0.2.1", "reserved"],
    ["198.51.100.7", "reserved"],
    ["203.0.113.9", "reserved"],
    ["198.18.0.1", "reserved"],
    ["198.19.255.255", "reserved"],
    ["192.88.99.1", "reserved"],
    // IPv6
    ["::1", "loopback"],
    ["::", "unspecified"],
    ["fe80::1", "linkLocal"],
    ["fe80::1%lo", "linkLocal"],
    ["febf:ffff::1", "linkLocal"],
    ["fc00::1", "uniqueLocal"],
    ["fd12:3456:789a::1", "uniqueLocal"],
    ["fec0::1", "deprecatedSiteLocal"],
    ["ff02::1", "multicast"],
    ["2001:db8::1", "reserved"],
    ["3fff::1", "reserved"],
    ["2001:2::1", "benchmarking"],
    ["100::1", "discard"],
    ["5f00::1", "segmentRouting"],
    // IPv6 forms that carry an IPv4 address
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:10.0.0.1", "private"],
    ["::ffff:169.254.169.254", "linkLocal"],
    ["::ffff:0.0.0.0", "unspecified"],
    ["::ffff:100.64.0.1", "carrierGradeNat"],
    ["64:ff9b::7f00:1", "loopback"],
    ["64:ff9b::a9fe:a9fe", "linkLocal"],
    ["64:ff9b::192.168.0.1", "private"],
    ["64:ff9b:1::7f00:1", "rfc6052"],
    ["2002:7f00:1::1", "6to4"],
    ["2002:808:808::1", "6to4"],
    ["2001::1", "teredo"],
    ["::7f00:1", "reserved"],
    ["::ffff:0:7f00:1", "rfc6145"],
    // Not canonical addresses (the URL parser turns 127.1 and 2130706433 into 127.0.0.1)
    ["127.1", "invalid"],
    ["2130706433", "invalid"],
    ["localhost", "invalid"],
    ["", "invalid"],
  ])("classifies %s as %s, not public", (address, range) => {
    expect(addressRange(address)).toBe(range);
    expect(isGlobalAddress(address)).toBe(false);
  });

  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "172.32.0.1",
    "100.128.0.1",
    "11.0.0.1",
    "2606:4700::1111",
    "2001:4860:4860::8888",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
  ])("classifies %s as public unicast", (address) => {
    expect(addressRange(address)).toBe("unicast");
    expect(isGlobalAddress(address)).toBe(true);
  });
});

describe("parseHostAllowlist and isAllowedAddress", () => {
  const allow = parseHostAllowlist([
    "localhost",
    " Feeds.Example.TEST ",
    "127.0.0.2",
    "[::1]",
    "10.1.0.0/16",
    "fd00::/8",
  ]);

  it.each([
    ["localhost", "127.0.0.1", true, "a listed host name, whatever it resolves to"],
    ["localhost", "::1", true, "a listed host name over IPv6"],
    ["feeds.example.test", "192.168.1.5", true, "a listed name, normalized to lower case"],
    ["other.test", "127.0.0.2", true, "a listed address"],
    ["other.test", "::ffff:127.0.0.2", true, "a listed address in its IPv4-mapped form"],
    ["other.test", "::1", true, "a listed IPv6 address given in brackets"],
    ["other.test", "10.1.200.3", true, "an address inside a listed CIDR"],
    ["other.test", "fd12::1", true, "an address inside a listed IPv6 CIDR"],
    ["other.test", "8.8.8.8", true, "a public address, listed or not"],
    ["other.test", "127.0.0.1", false, "an unlisted loopback address"],
    ["other.test", "10.2.0.1", false, "an address outside the CIDR"],
    ["other.test", "fc00::1", false, "an address outside the IPv6 CIDR"],
    ["127.0.0.1", "127.0.0.1", false, "an unlisted literal"],
    ["sub.localhost", "127.0.0.1", false, "a subdomain of a listed name"],
  ])("%s at %s: %s (%s)", (host, address, allowed) => {
    expect(isAllowedAddress(host, address, allow)).toBe(allowed);
  });

  it("reads an entry the URL parser would normalize (127.1) as the address it is", () => {
    expect(isAllowedAddress("x.test", "127.0.0.1", parseHostAllowlist(["127.1"]))).toBe(true);
  });

  it("allows nothing private when empty", () => {
    const none = parseHostAllowlist([]);
    expect(isAllowedAddress("localhost", "127.0.0.1", none)).toBe(false);
    expect(isAllowedAddress("x.test", "2606:4700::1111", none)).toBe(true);
  });

  it.each(["http://x.test", "a b", "10.0.0.0/33", "x.test:80"])("rejects the entry %j", (entry) => {
    expect(() => parseHostAllowlist([entry])).toThrow();
  });
});

describe("vetAddresses", () => {
  const none = parseHostAllowlist([]);
  const v4 = (address: string): LookupAddress => ({ address, family: 4 });
  const v6 = (address: string): LookupAddress => ({ address, family: 6 });

  it("keeps only the public addresses of a host that also names private ones", () => {
    expect(vetAddresses("x.test", [v4("127.0.0.1"), v4("8.8.8.8"), v6("::1")], none)).toEqual([
      v4("8.8.8.8"),
    ]);
  });

  it("refuses a host with no allowed address, naming the first", () => {
    expect(() => vetAddresses("x.test", [v4("169.254.169.254"), v6("fe80::1")], none)).toThrow(
      new OutboundRefusedError("169.254.169.254"),
    );
    expect(() => vetAddresses("x.test", [v6("::ffff:7f00:1")], none)).toThrow(
      "Refused a private address (::ffff:7f00:1)",
    );
  });
});

describe("createOutboundGuard (loopback only)", () => {
  let canary: Canary;
  let target: Server;
  let targetPort = 0;
  const hosts: string[] = [];

  beforeAll(async () => {
    canary = await startCanary();
    // 127.0.0.2: an address no real resolver gives for the stubbed names below, so a request
    // that reaches it went to the stub's address.
    target = createServer((req, res) => {
      hosts.push(req.headers.host ?? "");
      res.end("pinned");
    });
    await new Promise<void>((resolve) => target.listen(0, "127.0.0.2", resolve));
    targetPort = (target.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await canary.close();
    await new Promise((resolve) => target.close(resolve));
  });

  async function refusal(promise: Promise<unknown>): Promise<unknown> {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    return (error as { cause?: unknown } | null)?.cause;
  }

  it("refuses a loopback literal without connecting", async () => {
    const guard = createOutboundGuard();
    const cause = await refusal(guard.fetch(`http://127.0.0.1:${canary.port}/`));
    expect(cause).toBeInstanceOf(OutboundRefusedError);
    expect((cause as Error).message).toBe("Refused a private address (127.0.0.1)");
    expect(canary.connections).toBe(0);
    await guard.close();
  });

  it("refuses a host name whose lookup gives a private address, without connecting", async () => {
    const resolve = vi.fn(async () => [{ address: "127.0.0.1", family: 4 }]);
    const guard = createOutboundGuard({ resolve, allowPrivateHosts: ["other.test"] });
    const cause = await refusal(guard.fetch(`http://rebind.test:${canary.port}/`));
    expect((cause as Error).message).toBe("Refused a private address (127.0.0.1)");
    expect(resolve).toHaveBeenCalledWith("rebind.test");
    expect(canary.connections).toBe(0);
    await guard.close();
  });

  it("connects an allowlisted name to exactly the address its one lookup gave", async () => {
    // A rebinding resolver: the first answer is the allowed one, any later one the canary's.
    const answers = ["127.0.0.2", "127.0.0.1"];
    const resolve = vi.fn(async () => [{ address: answers.shift() ?? "127.0.0.1", family: 4 }]);
    const guard = createOutboundGuard({ resolve, allowPrivateHosts: ["127.0.0.2"] });
    const response = await guard.fetch(`http://feeds.example.test:${targetPort}/`);
    expect(await response.text()).toBe("pinned");
    expect(hosts).toEqual([`feeds.example.test:${targetPort}`]);
    expect(resolve).toHaveBeenCalledTimes(1);
    expect(canary.connections).toBe(0);
    await guard.close();
  });

  it("connects to a name listed in the allowlist whatever private address it resolves to", async () => {
    const guard = createOutboundGuard({
      resolve: async () => [{ address: "127.0.0.2", family: 4 }],
      allowPrivateHosts: ["feeds.example.test"],
    });
    const response = await guard.fetch(`http://feeds.example.test:${targetPort}/`);
    expect(response.status).toBe(200);
    await response.text();
    await guard.close();
  });

  it("with public hosts off, looks up no name outside the list and still reaches the listed", async () => {
    // If the check failed, the stub would answer with the canary's loopback address, never a
    // public one: nothing here can leave the machine.
    const resolve = vi.fn(async () => [{ address: "127.0.0.1", family: 4 }]);
    const guard = createOutboundGuard({
      resolve,
      allowPrivateHosts: ["127.0.0.2"],
      allowPublicHosts: false,
    });
    const cause = await refusal(guard.fetch(`http://covers.example.org:${canary.port}/a.jpg`));
    expect((cause as Error).message).toBe(
      "Refused a host outside ALLOW_PRIVATE_HOSTS (covers.example.org): public hosts are off",
    );
    expect(resolve).not.toHaveBeenCalled();
    expect(canary.connections).toBe(0);
    const response = await guard.fetch(`http://127.0.0.2:${targetPort}/`);
    expect(await response.text()).toBe("pinned");
    await guard.close();
  });
});

describe("ALLOW_PUBLIC_HOSTS=false (pure)", () => {
  const offline = parseHostAllowlist(["127.0.0.1", "fixtures.test"], false);

  it.each(["8.8.8.8", "2606:4700::1111", "1.1.1.1"])("refuses the public address %s", (address) => {
    expect(isAllowedAddress(address, address, offline)).toBe(false);
    expect(() => vetAddresses("news.example", [{ address, family: 4 }], offline)).toThrow(
      /public hosts are off/,
    );
  });

  it("still allows what the list holds", () => {
    expect(isAllowedAddress("127.0.0.1", "127.0.0.1", offline)).toBe(true);
    expect(isAllowedAddress("fixtures.test", "10.1.2.3", offline)).toBe(true);
  });
});
