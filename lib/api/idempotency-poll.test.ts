// A duplicate waiting on a slow first request backs off instead of querying every 25 ms for 30 s (issue 31.5).
import { describe, expect, it } from "vitest";
import { pollDelayMs } from "./idempotency";

describe("idempotency wait", () => {
  it("polls soon at first, then doubles up to 500 ms", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(pollDelayMs)).toEqual([25, 50, 100, 200, 400, 500, 500, 500]);
    // 30 s of waiting costs about 65 queries, not 1,200
    let waited = 0, polls = 0;
    while (waited < 30_000) waited += pollDelayMs(polls++);
    expect(polls).toBeLessThan(70);
  });
});
