// The quickstart's commands run in bash (with curl and jq, as a user would) against an API that refuses the
// deployment: every step stops with the API's message, and none polls /v1/tokens/null or loops.
import { execFile } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quickstartScript } from "./quickstart";

const run = promisify(execFile);
let server: Server;
let baseUrl = "";
const paths: string[] = [];
let deployAnswer: { status: number; body: unknown } = { status: 400, body: {} };
let tokenAnswer: unknown = {};

beforeAll(async () => {
  server = createServer((req, res) => {
    paths.push(`${req.method} ${req.url}`);
    const send = (status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (req.url === "/v1/networks") return send(200, { data: [{ name: "polygon_amoy" }] });
    if (req.method === "POST" && req.url === "/v1/tokens") return send(deployAnswer.status, deployAnswer.body);
    if (req.url?.startsWith("/v1/tokens/tok_1")) return send(200, tokenAnswer);
    send(404, { error: { type: "invalid_request_error", code: "resource_missing", message: `No such path: ${req.url}`, status: 404 } });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const script = () => quickstartScript({ baseUrl, secretKey: "sk_test_x", walletAddress: "0x00000000000000000000000000000000000000aa", network: "polygon_amoy" });

/** Runs the steps one after another in one shell, as pasted one by one (a failed step does not end the shell). */
async function runSteps(source = script()) {
  paths.length = 0;
  // A stopped script ends with a failing status: its output is what counts.
  return run("bash", ["-c", source], { timeout: 20_000 }).catch((error: { stdout: string; stderr: string; killed?: boolean }) => {
    if (error.killed) throw new Error("the commands did not stop");
    return error;
  });
}

describe("the quickstart's commands", () => {
  it("stop at the deploy step with the API's message, and never poll /v1/tokens/null", async () => {
    deployAnswer = { status: 400, body: { error: { type: "invalid_request_error", code: "parameter_invalid", message: "Invalid network: no such network", status: 400 } } };
    const started = Date.now();
    const { stderr } = await runSteps();
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(stderr).toContain("Stopped: HTTP 400: Invalid network: no such network");
    expect(stderr).toContain("Stopped: no token id");
    expect(paths).toEqual(["GET /v1/networks", "POST /v1/tokens"]);
  });

  it("stop waiting when the deployment failed, with its reason, and mint nothing", async () => {
    deployAnswer = { status: 201, body: { id: "tok_1", status: "deploying" } };
    tokenAnswer = { id: "tok_1", status: "failed", failure_reason: "The wallet holds 0 POL" };
    const { stdout, stderr } = await runSteps();
    expect(stdout).toContain("Token tok_1");
    expect(stderr).toContain("Stopped: the deployment failed: The wallet holds 0 POL");
    expect(paths.filter((p) => p.startsWith("GET /v1/tokens/tok_1")).length).toBeLessThanOrEqual(3);
    expect(paths.some((p) => p.includes("null"))).toBe(false);
  });

  it("stop when the API cannot be reached", async () => {
    const { stderr } = await runSteps(quickstartScript({ baseUrl: "http://127.0.0.1:9", secretKey: "k", walletAddress: "0x1", network: "polygon_amoy" }));
    expect(stderr).toContain("Stopped: the API at http://127.0.0.1:9 did not answer.");
    expect(stderr).toContain("Stopped: no token id");
  });
});
