import { describe, expect, it } from "vitest";
import { Abandoned } from "../limiter";
import { isClientGone } from "./refusals";

describe("isClientGone", () => {
  it("is true of a reader's closed connection or abandoned wait, false of a real failure", () => {
    expect(isClientGone(Object.assign(new Error("aborted"), { code: "ECONNRESET" }))).toBe(true);
    expect(isClientGone(Object.assign(new Error("x"), { code: "EPIPE" }))).toBe(true);
    expect(isClientGone(new Error("aborted"))).toBe(true);
    expect(isClientGone(new Abandoned("gone"))).toBe(true);
    expect(isClientGone(new Error("the loader failed"))).toBe(false);
    expect(isClientGone(new TypeError("x is undefined"))).toBe(false);
  });
});
