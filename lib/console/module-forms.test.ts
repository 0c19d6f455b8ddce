// The module forms' own rules, without a chain: a Safe proposal's amount typed in the network's coin and sent in
// wei, and the governor's clock spans shown in blocks and time.
import { describe, expect, it } from "vitest";
import { formBody, unitDecimals, validateForm } from "./form-specs";
import { clockSpan, durationOf, type GovernanceClock } from "./governance";

const formData = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};

describe("a Safe proposal's amount", () => {
  it("is typed in the native coin and sent in wei", () => {
    const values = formData([["to", "0x00000000000000000000000000000000000e2e01"], ["value", "0.25"], ["data", ""]]);
    expect(unitDecimals("proposeMultisig", values)).toBe(18);
    expect(formBody("proposeMultisig", values.entries(), unitDecimals("proposeMultisig", values))).toEqual({ to: "0x00000000000000000000000000000000000e2e01", value: "250000000000000000" });
  });

  it("refuses more than 18 decimals in words", () => {
    const errors = validateForm("proposeMultisig", formData([["to", "0x00000000000000000000000000000000000e2e01"], ["value", "0.0000000000000000001"]]));
    expect(errors.value).toBe("This token has 18 decimals: at most 18 digits after the point.");
  });

  it("names a Safe's owners one a line and refuses a bad one", () => {
    const values = formData([["name", "Ops"], ["network", "polygon_amoy"], ["owners", "0x00000000000000000000000000000000000e2e01\n\n nope \n"], ["threshold", "1"]]);
    expect(formBody("createMultisig", values.entries())).toMatchObject({ owners: ["0x00000000000000000000000000000000000e2e01", "nope"], threshold: 1 });
    expect(Object.keys(validateForm("createMultisig", values))).toEqual(["owners"]);
  });
});

describe("governance clock spans", () => {
  const blocks: GovernanceClock = { mode: "blocknumber", now: 100, time: 1_700_000_000, blockSeconds: 2 };
  const seconds: GovernanceClock = { ...blocks, mode: "timestamp" };

  it("says blocks and about how long they take, or the time itself for a timestamp clock", () => {
    expect(clockSpan(blocks, "1")).toBe("1 block (about 2 s)");
    expect(clockSpan(blocks, "50400")).toBe("50400 blocks (about 1.2 days)");
    expect(clockSpan(seconds, "3600")).toBe("1 h");
    expect(clockSpan(null, "5")).toBe("5 blocks");
    expect(durationOf(90)).toBe("1.5 min");
  });
});
