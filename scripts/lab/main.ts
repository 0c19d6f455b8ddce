// `npm run lab`: the chain lab (./lab.ts) until Ctrl-C. Prints where each part is, the production variables
// the product runs with, and how to switch a network's RPC faults (POST <proxy>/__lab/faults).
import { startLab } from "./lab";
import { exitOnSignals } from "../lib/exit-on-signals";

const lab = await startLab();
const redact = (name: string, value: string) => (name === "PLATFORM_SIGNER_KEY" ? "(local account 19)" : value.length > 90 ? `${value.slice(0, 87)}…` : value);
console.log(
  [
    `[lab] ready in ${lab.timings.total.toFixed(1)} s (${Object.entries(lab.timings).filter(([k]) => k !== "total").map(([k, v]) => `${k} ${v.toFixed(1)} s`).join(", ")})`,
    `  app        ${lab.appUrl}  (API ${lab.appUrl}/v1)`,
    ...lab.chains.map((c) => `  ${c.network.name.padEnd(17)} chain id ${c.network.chainId}, node ${c.nodeUrl}, RPC ${c.proxy.url}, bundler ${c.bundlerUrl ?? "none (see above)"}`),
    `  database   ${lab.databaseUrl.replace(/\/\/[^@]*@/, "//")}`,
    `  the product's network settings:`,
    ...Object.entries(lab.env).map(([name, value]) => `    ${name}=${redact(name, value)}`),
    `  faults: curl -X POST <RPC>/__lab/faults -d '{"rate429":0.1,"timeout":0.02,"loseSendAnswer":0.01}'  (GET <RPC>/__lab/stats)`,
    `  Ctrl-C stops everything.`,
  ].join("\n"),
);

exitOnSignals(() => lab.stop());
