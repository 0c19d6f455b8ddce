// The quickstart panel: the reference flow of the spec (networks → deploy → wait → mint → balance) as
// curl calls against this deployment, with the tenant's own test key and wallet filled in.
export interface QuickstartInput {
  baseUrl: string;
  /** The secret when it has just been shown, else a placeholder such as `sk_test_…abcd`. */
  secretKey: string;
  walletAddress: string;
  network?: string;
}

export interface QuickstartStep {
  title: string;
  command: string;
}

const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export function quickstartSteps({ baseUrl, secretKey, walletAddress, network = "polygon_amoy" }: QuickstartInput): QuickstartStep[] {
  const auth = `-H "authorization: Bearer $SK"`;
  const json = `-H 'content-type: application/json'`;
  const deploy = JSON.stringify({ name: "Acme Dollar", symbol: "ACMED", standard: "ERC20", network, initial_supply: "1000000000000000000000" });
  const mint = JSON.stringify({ to: walletAddress, amount: "500000000000000000000" });
  return [
    { title: "Set your test key and the API's address", command: `export SK=${q(secretKey)}\nexport B=${q(baseUrl)}` },
    { title: "List the networks", command: `curl -s $B/v1/networks ${auth}` },
    { title: "Deploy a token", command: `TOKEN=$(curl -s -X POST $B/v1/tokens ${auth} ${json} \\\n  -d ${q(deploy)} | jq -r .id)` },
    { title: "Wait until it is deployed", command: `until curl -s $B/v1/tokens/$TOKEN ${auth} | grep -q '"status":"deployed"'; do sleep 1; done` },
    { title: "Mint to your wallet", command: `curl -s -X POST $B/v1/tokens/$TOKEN/mint ${auth} ${json} \\\n  -d ${q(mint)}` },
    { title: "Read the balance", command: `curl -s "$B/v1/tokens/$TOKEN/balance?address=${walletAddress}&nft_token_id=0" ${auth}` },
  ];
}

/** All steps as one script. */
export const quickstartScript = (input: QuickstartInput) =>
  quickstartSteps(input)
    .map((s) => `# ${s.title}\n${s.command}`)
    .join("\n\n");
