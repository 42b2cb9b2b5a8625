import { describe, expect, it } from "vitest";
import { debugSwitch } from "../../../src/views/shell/SaveRecording";

describe("debugSwitch", () => {
  it.each([
    ["", false, false, "off by default"],
    ["?program=acme", false, false, "other parameters leave it off"],
    ["?debug", false, true, "?debug turns it on"],
    ["?program=acme&debug", false, true, "beside other parameters"],
    ["?debug=1", false, true, "any value but off"],
    ["", true, true, "kept for the session without the parameter"],
    ["?date_from=2026-01-01", true, true, "kept across navigation"],
    ["?debug=off", true, false, "?debug=off turns it off"],
  ])("%s with kept=%s is %s (%s)", (search, kept, expected) => {
    expect(debugSwitch(search, kept)).toBe(expected);
  });
});
