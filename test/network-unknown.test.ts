// An unknown network name from the caller is one answer everywhere: 400 network_unknown naming the parameter
// (issue 31.5). Every GET of the route table whose query takes `network` is asked for one that does not exist;
// the price reads ({pair}) too, which used to answer 404.
import { beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { routeTable } from "@/lib/api/route-table.generated";
import { routeModules } from "@/lib/api/route-modules.generated";
import { call, newTenant } from "./client";

describe("an unknown network", () => {
  let key: string;
  beforeAll(async () => {
    key = (await newTenant()).apiKey;
  });

  it("answers 400 network_unknown (param network) on every read that filters by network", async () => {
    const paths: string[] = [];
    for (const { path, methods } of routeTable) {
      if (!methods.includes("GET")) continue;
      const get = (await routeModules[path]()).GET as { meta?: { query?: z.ZodObject } } | undefined;
      if (!get?.meta?.query?.shape || !("network" in get.meta.query.shape)) continue;
      paths.push(path.replace("[pair]", "ETH-USD"));
    }
    expect(paths).toEqual(expect.arrayContaining(["/v1/tokens", "/v1/transactions", "/v1/vaults", "/v1/multisigs", "/v1/price_feeds/ETH-USD"]));
    for (const path of paths) {
      expect(path, "every such read is reachable without other ids").not.toMatch(/\[/);
      const res = await call("GET", `${path}?network=no_such_net`, { token: key });
      expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.error, path).toMatchObject({ code: "network_unknown", param: "network" });
    }
  });
});
