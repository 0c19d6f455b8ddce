// The proxyCreationCode cache is keyed by a factory address the tenant supplies: it must stay bounded (issue 31.5).
import { describe, expect, it } from "vitest";
import { privateKeyToAddress, generatePrivateKey } from "viem/accounts";
import { NETWORK } from "@/lib/tokens/testing";
import { cachedCreationCodes, proxyCreationCode } from "./service";

describe("proxyCreationCode cache", () => {
  it("holds at most 64 factories however many a tenant names", async () => {
    const reads = Array.from({ length: 200 }, () => proxyCreationCode(NETWORK, privateKeyToAddress(generatePrivateKey())));
    expect(cachedCreationCodes()).toBeLessThanOrEqual(64);
    await Promise.allSettled(reads);
  });
});
