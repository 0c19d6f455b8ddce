import { describe, expect, it } from "vitest";
import { gatherWhileBusy } from "@/lib/core/gather";

const tick = () => new Promise((r) => setImmediate(r));
const fulfilled = (items: number[]) => items.map((value) => ({ status: "fulfilled" as const, value: value * 10 }));

describe("gatherWhileBusy", () => {
  it("sends a lone item at once, and what arrives while a batch is on its way as one batch after it; each item gets its own result", async () => {
    const batches: number[][] = [];
    const open: (() => void)[] = [];
    const add = gatherWhileBusy<number, number>((items) => {
      batches.push(items);
      return new Promise((done) => open.push(() => done(fulfilled(items))));
    });
    const first = add(1);
    await tick();
    expect(batches).toEqual([[1]]);
    const later = [2, 3, 4].map(add);
    await tick();
    expect(batches).toEqual([[1]]); // the first is still on its way
    open.shift()!();
    expect(await first).toBe(10);
    await tick();
    await tick();
    expect(batches).toEqual([[1], [2, 3, 4]]);
    open.shift()!();
    expect(await Promise.all(later)).toEqual([20, 30, 40]);
  });

  it("keeps up to `concurrency` batches on their way; a failed batch fails its items and does not stop the next", async () => {
    const batches: number[][] = [];
    const open: ((fail: boolean) => void)[] = [];
    const add = gatherWhileBusy<number, number>((items) => {
      batches.push(items);
      return new Promise((done, fail) => open.push((failed) => (failed ? fail(new Error("lost")) : done(fulfilled(items)))));
    }, 2);
    const first = add(1);
    await tick();
    add(2);
    await tick();
    const later = [add(3), add(4)];
    await tick();
    expect(batches).toEqual([[1], [2]]);
    open.shift()!(true);
    await expect(first).rejects.toThrow("lost");
    await tick();
    expect(batches).toEqual([[1], [2], [3, 4]]);
    open.pop()!(false);
    expect(await Promise.all(later)).toEqual([30, 40]);
  });

  it("an item's own failure fails only that item", async () => {
    const add = gatherWhileBusy<number, number>(async (items) =>
      items.map((n) => (n === 2 ? { status: "rejected" as const, reason: new Error("refused") } : { status: "fulfilled" as const, value: n })),
    );
    const [one, two, three] = await Promise.allSettled([add(1), add(2), add(3)]);
    expect(one).toEqual({ status: "fulfilled", value: 1 });
    expect(two).toMatchObject({ status: "rejected", reason: new Error("refused") });
    expect(three).toEqual({ status: "fulfilled", value: 3 });
  });
});
