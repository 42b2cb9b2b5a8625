import { describe, expect, it, vi } from "vitest";
import { loadOnce } from "../../../src/views/shell/screenChunks";

describe("loadOnce", () => {
  it("shares one load between an early start and the route's lazy()", async () => {
    const load = vi.fn(() => Promise.resolve("chunk"));
    const preload = loadOnce(load);
    const [early, route] = [preload(), preload()];
    expect(await early).toBe("chunk");
    expect(await route).toBe("chunk");
    expect(await preload()).toBe("chunk");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("tries a failed load afresh on the next call", async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new Error("offline")).mockResolvedValueOnce("chunk");
    const preload = loadOnce(load);
    await expect(preload()).rejects.toThrow("offline");
    expect(await preload()).toBe("chunk");
    expect(load).toHaveBeenCalledTimes(2);
  });
});
