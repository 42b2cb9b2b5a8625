import { describe, expect, it } from "vitest";
import { chooseProgram, currencySymbol } from "../../../src/domain/shell/program";
import { acme, beta, tokyo } from "../../model/fixtures";

describe("currencySymbol", () => {
  it.each([
    ["GBP", "£"],
    ["gbp", "£"],
    ["EUR", "€"],
    ["USD", "$"],
    ["usd", "$"],
    ["JPY", "¥"],
    ["AUD", "A$"],
    ["CAD", "CA$"],
    ["CHF", "CHF"],
    [" inr ", "₹"],
    ["ISK", "ISK"],
    ["XYZ", "£"],
    ["", "£"],
    [undefined, "£"],
    [null, "£"],
  ])("%j → %s", (currency, symbol) => {
    expect(currencySymbol(currency)).toBe(symbol);
  });
});

describe("chooseProgram", () => {
  it.each([
    ["the requested one when the user has it", [acme, beta], "beta", beta],
    ["the first when the requested one is unknown", [acme, beta], "nope", acme],
    ["the first when none is requested", [beta, acme], null, beta],
    ["the first when undefined", [tokyo, acme], undefined, tokyo],
    ["the first for an empty request", [acme, beta], "", acme],
    ["nothing when the user has no program", [], "acme", undefined],
  ])("%s", (_label, programs, requested, expected) => {
    expect(chooseProgram(programs, requested)).toEqual(expected);
  });
});
