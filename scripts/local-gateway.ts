// The local test gateway as a relayer, for `npm run dev`: answers a pending decrypt request with the plaintext
// you give it, signed by the local gateway's key (lib/confidential/local-gateway.ts), through the HTTP API.
//   SK=sk_test_… npx tsx scripts/local-gateway.ts dcr_… 42 [http://127.0.0.1:3000]
import { localGatewayAnswer } from "../lib/confidential/local-gateway";

const [id, plaintext, base = "http://127.0.0.1:3000"] = process.argv.slice(2);
const key = process.env.SK;
if (!id || !plaintext || !key) {
  console.error("usage: SK=sk_test_… npx tsx scripts/local-gateway.ts <dcr_id> <plaintext (decimal uint256)> [base url]");
  process.exit(1);
}
const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
const request = await (await fetch(`${base}/v1/confidential/decrypt_requests/${id}`, { headers })).json();
if (request.error) throw new Error(JSON.stringify(request.error));
const answer = await localGatewayAnswer({ id, chainId: request.chain_id, contractAddress: request.contract_address, handle: request.handle, plaintext });
const res = await fetch(`${base}/v1/confidential/decrypt_requests/${id}/fulfill`, { method: "POST", headers, body: JSON.stringify(answer) });
console.log(res.status, JSON.stringify(await res.json(), null, 2));
