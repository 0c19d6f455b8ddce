// The quickstart panel: the reference flow of the spec (networks → deploy → wait → mint → balance) as
// curl calls against this deployment, with the tenant's own key and wallet filled in, for the mode shown.
// Every step stops on an error and says why: `call` prints the API's message and fails on a 4xx/5xx, and a
// step that needs the token id refuses to run without one (never /v1/tokens/null).
export interface QuickstartInput {
  baseUrl: string;
  /** The secret when it has just been shown, else a placeholder such as `sk_test_…abcd`. */
  secretKey: string;
  walletAddress: string;
  /** The mode whose key the commands use; the network is one of that mode's. */
  livemode?: boolean;
  network: string;
}

export interface QuickstartStep {
  title: string;
  command: string;
}

const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** How long step 4 waits for the deployment before it gives up (seconds). */
export const DEPLOY_WAIT_SECONDS = 120;

// A shell function: the body on success; on an HTTP error the API's message on stderr and a failing status.
const CALL = [
  `call() {`,
  `  local out code; out=$(curl -sS -w '\\n%{http_code}' -H "authorization: Bearer $SK" -H 'content-type: application/json' "$@") || { echo "Stopped: the API at $B did not answer." >&2; return 1; }`,
  `  code=\${out##*$'\\n'}; out=\${out%$'\\n'*}`,
  `  if [ "$code" -ge 400 ]; then echo "Stopped: HTTP $code: $(printf '%s' "$out" | jq -r '.error.message // .' 2>/dev/null || printf '%s' "$out")" >&2; return 1; fi`,
  `  printf '%s\\n' "$out"`,
  `}`,
].join("\n");

const NEED_TOKEN = `[ -n "$TOKEN" ] || { echo "Stopped: no token id. Run the deploy step first (it printed why it failed)." >&2; false; }`;

export function quickstartSteps({ baseUrl, secretKey, walletAddress, livemode = false, network }: QuickstartInput): QuickstartStep[] {
  const deploy = JSON.stringify({ name: "Acme Dollar", symbol: "ACMED", standard: "ERC20", network, initial_supply: "1000000000000000000000" });
  const mint = JSON.stringify({ to: walletAddress, amount: "1500000000000000000" });
  const wait = [
    `${NEED_TOKEN} && for i in $(seq ${DEPLOY_WAIT_SECONDS}); do`,
    `  STATUS=$(call $B/v1/tokens/$TOKEN | jq -r .status) || break`,
    `  case $STATUS in`,
    `    deployed) echo "Deployed."; break ;;`,
    `    failed) echo "Stopped: the deployment failed: $(call $B/v1/tokens/$TOKEN | jq -r .failure_reason)" >&2; break ;;`,
    `  esac`,
    `  [ "$i" = ${DEPLOY_WAIT_SECONDS} ] && echo "Stopped: still $STATUS after ${DEPLOY_WAIT_SECONDS} s; see the token in the console." >&2`,
    `  sleep 1`,
    `done`,
  ].join("\n");
  return [
    { title: `Set your ${livemode ? "live" : "test"} key, the API's address and a helper that stops on errors`, command: `export SK=${q(secretKey)}\nexport B=${q(baseUrl)}\n${CALL}` },
    { title: "List the networks", command: `call $B/v1/networks | jq -r '.data[].name'` },
    { title: `Deploy a token on ${network} (1,000 ACMED)`, command: `TOKEN=$(call -X POST $B/v1/tokens -d ${q(deploy)} | jq -r .id) && echo "Token $TOKEN"` },
    { title: "Wait until it is deployed", command: wait },
    { title: "Mint 1.5 ACMED to your wallet", command: `${NEED_TOKEN} && call -X POST $B/v1/tokens/$TOKEN/mint -d ${q(mint)}` },
    { title: "Read the balance (in the smallest unit: 18 decimals)", command: `${NEED_TOKEN} && call "$B/v1/tokens/$TOKEN/balance?address=${walletAddress}&nft_token_id=0"` },
  ];
}

/** All steps as one script. */
export const quickstartScript = (input: QuickstartInput) =>
  quickstartSteps(input)
    .map((s) => `# ${s.title}\n${s.command}`)
    .join("\n\n");
