import { describe, expect, it } from "vitest";
import { BYLINE_MAX, joinAuthors } from "./byline";

describe("joinAuthors", () => {
  it("joins one, two and three names with the catalogue's word", () => {
    expect(joinAuthors([], "and")).toBe("");
    expect(joinAuthors(["Ana Pérez"], "and")).toBe("Ana Pérez");
    expect(joinAuthors(["Ana Pérez", "Sam Lee"], "and")).toBe("Ana Pérez and Sam Lee");
    expect(joinAuthors(["Ana Pérez", "Sam Lee", "Kim Ho"], "and")).toBe(
      "Ana Pérez, Sam Lee and Kim Ho",
    );
    expect(joinAuthors(["Ana Pérez", "Sam Lee", "Kim Ho"], "y")).toBe(
      "Ana Pérez, Sam Lee y Kim Ho",
    );
  });

  it("cuts a long list on a word within BYLINE_MAX characters", () => {
    const names = ["Alexandra Montgomery-Whitfield", "Bartholomew Fitzgerald", "Cassandra Okonkwo"];
    const joined = joinAuthors([...names, "Dmitri Vasilyevich Petrov"], "and");
    expect(joined.length).toBeLessThanOrEqual(BYLINE_MAX + 1);
    expect(joined).toBe(
      "Alexandra Montgomery-Whitfield, Bartholomew Fitzgerald, Cassandra Okonkwo…",
    );
    // Never ending on the joining word alone.
    const cut = joinAuthors(
      ["A".repeat(30), "B".repeat(30), "Charlotte Brontë-Smithsonian"],
      "and",
    );
    expect(cut).not.toMatch(/ and…$/);
    expect(cut.length).toBeLessThanOrEqual(BYLINE_MAX + 1);
  });
});
