// The README's reference flow against a running app: register → API key → deploy an ERC-20 on polygon_amoy
// → deployed → mint → the balance is the minted amount. Each step prints one line; the first failure names
// its step and exits 1. Plain JavaScript (runs on any Node ≥ 18): node scripts/reference-flow.mjs <base-url>
const base = process.argv[2] ?? "http://127.0.0.1:3000";
const holder = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const amount = "1000";
const deadline = Date.now() + Number(process.env.FLOW_TIMEOUT_SECONDS ?? 300) * 1000;

async function call(step, method, path, credential, body, expected) {
  const response = await fetch(base + path, {
    method,
    headers: { "content-type": "application/json", ...(credential && { authorization: `Bearer ${credential}` }) },
    body: body && JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
  const json = await response.json().catch(() => null);
  if (response.status !== expected) fail(step, `${method} ${path} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

async function until(step, read, done) {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (value?.status === "failed") fail(step, `failed: ${JSON.stringify(value.error ?? value)}`);
    if (Date.now() > deadline) fail(step, `timed out, last seen ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

function fail(step, message) {
  console.error(`reference flow: ${step} failed: ${message}`);
  process.exit(1);
}

const email = `fresh-${Date.now()}@example.com`;
const { access_token } = await call("register", "POST", "/auth/register", null, { email, password: "correct horse 1", company_name: "Acme", full_name: "Ada" }, 201);
console.log(`reference flow: registered ${email}`);
const { secret } = await call("api key", "POST", "/v1/api_keys", access_token, { name: "server", environment: "test" }, 201);
console.log("reference flow: created a test API key");
const token = await call("deploy", "POST", "/v1/tokens", secret, {
  name: "Acme Dollar",
  symbol: "ACD",
  standard: "ERC20",
  network: "polygon_amoy",
  initial_supply: "0",
  decimals: 18,
  features: { mintable: true, burnable: true, pausable: true },
}, 201);
await until("deploy", () => call("deploy", "GET", `/v1/tokens/${token.id}`, secret, undefined, 200), (t) => t.status === "deployed");
console.log(`reference flow: token ${token.id} deployed`);
const mint = await call("mint", "POST", `/v1/tokens/${token.id}/mint`, secret, { to: holder, amount }, 201);
await until("mint", () => call("mint", "GET", `/v1/transactions/${mint.id}`, secret, undefined, 200), (tx) => tx.status === "confirmed");
console.log(`reference flow: minted ${amount} (${mint.id} confirmed)`);
const { balance } = await call("balance", "GET", `/v1/tokens/${token.id}/balance?address=${holder}&nft_token_id=0`, secret, undefined, 200);
if (balance !== amount) fail("balance", `balance is ${balance}, minted ${amount}`);
console.log(`reference flow: balance of ${holder} is ${balance}`);
