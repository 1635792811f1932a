import { describe, expect, it } from "vitest";
import { parseFeedDate } from "./dates";

const NOW = Date.parse("2026-11-22T12:00:00Z");

describe("parseFeedDate", () => {
  it.each([
    ["Sat, 07 Jan 2017 01:49:31 GMT", "2017-01-07T01:49:31Z"],
    ["Tue, 21 Aug 2012 11:33:00 EST", "2012-08-21T16:33:00Z"],
    ["Fri, 17 May 2019 06:00:00 BST", "2019-05-17T05:00:00Z"],
    ["Tue, 01 Oct 2019 15:30:00 PST", "2019-10-01T23:30:00Z"],
    ["2023-05-29T00:34:27Z", "2023-05-29T00:34:27Z"],
    ["2017-11-08T18:15:58-05:00", "2017-11-08T23:15:58Z"],
    ["Sat, Dec 16 2023 02:02:33 PM", null],
    ["2020/1/10 14:26:00", "2020-01-10T14:26:00Z"],
    ["Seg, 24 Set 2018 19:42:40 -0300", "2018-09-24T22:42:40Z"],
    ["  Wed, 29 May 2019 15:46:00 +0530 ", "2019-05-29T10:16:00Z"],
  ])("reads %s", (input, iso) => {
    const ms = parseFeedDate(input, NOW);
    if (iso === null) expect(ms).not.toBeNull();
    else expect(ms).toBe(Date.parse(iso));
  });

  it.each([undefined, "", "   ", "not a date", "32/13/2020", "Tomorrow"])(
    "gives null for %j",
    (input) => {
      expect(parseFeedDate(input, NOW)).toBeNull();
    },
  );

  it("treats a date far in the future as unreadable", () => {
    expect(parseFeedDate("2099-01-01T00:00:00Z", NOW)).toBeNull();
  });
});
