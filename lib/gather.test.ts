import { describe, expect, it } from "vitest";
import { gatherWhileBusy } from "./gather";

const tick = () => new Promise((r) => setImmediate(r));

describe("gatherWhileBusy", () => {
  it("sends a lone item at once, and what arrives while a batch is on its way as one batch after it", async () => {
    const batches: number[][] = [];
    const open: (() => void)[] = [];
    const add = gatherWhileBusy<number>((items) => {
      batches.push(items);
      return new Promise((done) => open.push(done));
    });
    add(1);
    await tick();
    expect(batches).toEqual([[1]]);
    for (const n of [2, 3, 4]) add(n);
    await tick();
    expect(batches).toEqual([[1]]); // the first is still on its way
    open.shift()!();
    await tick();
    await tick();
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it("keeps up to `concurrency` batches on their way, and a failed batch does not stop the next", async () => {
    const batches: number[][] = [];
    const open: ((fail: boolean) => void)[] = [];
    const add = gatherWhileBusy<number>((items) => {
      batches.push(items);
      return new Promise((done, fail) => open.push((failed) => (failed ? fail(new Error("lost")) : done())));
    }, 2);
    add(1);
    await tick();
    add(2);
    await tick();
    add(3);
    add(4);
    await tick();
    expect(batches).toEqual([[1], [2]]);
    open.shift()!(true);
    await tick();
    await tick();
    expect(batches).toEqual([[1], [2], [3, 4]]);
  });
});
