// The module forms' own rules, without a chain: a Safe proposal's amount typed in the network's coin and sent in
// wei, the governor's clock spans shown in blocks and time, a new governance instance's body, and the compliance
// modules whose parameter is an amount typed in token units.
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

describe("a governance instance's form", () => {
  it("sends delay, period, quorum and timelock delay as numbers and the threshold in base units", () => {
    const values = formData([["token", "tok_1"], ["name", "Acme DAO"], ["voting_delay", "2"], ["voting_period", "90"], ["quorum_numerator", "12"], ["min_delay", "7200"], ["proposal_threshold", "1.5"]]);
    expect(formBody("createGovernance", values.entries(), unitDecimals("createGovernance", values, 18))).toEqual({
      token: "tok_1", name: "Acme DAO", voting_delay: 2, voting_period: 90, quorum_numerator: 12, min_delay: 7200, proposal_threshold: "1500000000000000000",
    });
    expect(validateForm("createGovernance", formData([["token", "tok_1"], ["name", "Acme DAO"], ["voting_period", "90"], ["quorum_numerator", "101"]]), 18)).toHaveProperty("quorum_numerator");
  });
});

describe("compliance modules with an amount", () => {
  it("take the limit in token units, converted by the token's decimals", () => {
    const values = formData([["token_id", "tok_1"], ["kind", "SupplyLimitModule"], ["supply_limit", "1,000.5"]]);
    expect(formBody("addSupplyLimitModule", values.entries(), 2)).toEqual({ token_id: "tok_1", kind: "SupplyLimitModule", supply_limit: "100050" });
    expect(validateForm("addSupplyLimitModule", formData([["token_id", "tok_1"], ["kind", "SupplyLimitModule"], ["supply_limit", "1.005"]]), 2).supply_limit).toBe(
      "This token has 2 decimals: at most 2 digits after the point.",
    );
  });

  it("send a transfer limit as one window of the list the API takes", () => {
    const values = formData([["token_id", "tok_1"], ["kind", "TimeTransfersLimitsModule"], ["time_transfer_limits.0.period_sec", "86400"], ["time_transfer_limits.0.max_amount", "500"]]);
    const body = formBody("addTransferLimitModule", values.entries(), 6);
    expect(body).toEqual({ token_id: "tok_1", kind: "TimeTransfersLimitsModule", time_transfer_limits: [{ period_sec: 86400, max_amount: "500000000" }] });
    expect(Array.isArray(body.time_transfer_limits)).toBe(true);
    expect(validateForm("addTransferLimitModule", values, 6)).toEqual({});
  });

  it("mark a maximum balance's preset as completed only when asked", () => {
    const values = formData([["token_id", "tok_1"], ["kind", "MaxBalanceModule"], ["max_balance", "10"], ["preset_completed", "on"]]);
    expect(formBody("addMaxBalanceModule", values.entries(), 0)).toEqual({ token_id: "tok_1", kind: "MaxBalanceModule", max_balance: "10", preset_completed: true });
  });
});
