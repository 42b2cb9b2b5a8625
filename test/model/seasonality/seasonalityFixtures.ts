import type { Ok } from "../../../src/domain/access/auth";
import type { Created } from "../../../src/domain/report/configuration";
import type { SeasonalityList } from "../../../src/domain/seasonality/seasonality";

/** The session's dates in the seasonality tests: January 2026 (Thursday 1st to Saturday 31st: weeks of 29 December to 26 January). */
export const january = { from: "2026-01-01", to: "2026-01-31" } as const;

/** Now when the screen opens: Wednesday 14 January 2026, noon UTC (the week of 12 January). */
export const openedAt = Date.parse("2026-01-14T12:00:00Z");

/** Two types: Sale tags two January weeks and one in March (outside the dates), Quiet none. */
export const twoTypes: SeasonalityList = {
  data: [
    { id: 1, name: "Sale", weeks: ["2026-01-05", "2026-01-19", "2026-03-02"] },
    { id: 2, name: "Quiet", weeks: [] },
  ],
};

export const noTypes: SeasonalityList = { data: [] };

export const created: Created = { data: { id: 7 } };
export const ok: Ok = { ok: true };
