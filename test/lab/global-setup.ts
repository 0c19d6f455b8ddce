// Once per `npm run test:lab`: the whole chain lab (scripts/lab/lab.ts), torn down at the end. The tests reach
// the product over HTTP, the chains' nodes directly, and each proxy's faults through its admin endpoint.
import type { TestProject } from "vitest/node";
import "../../lib/composition/base-contracts"; // what each lab chain installs at start
import { startLab } from "../../scripts/lab/lab";

export interface LabInfo {
  appUrl: string;
  databaseUrl: string;
  chains: { name: string; chainId: number; blockMs: number; confirmations: number; nodeUrl: string; rpcUrl: string; bundlerUrl: string | null; bundlerError: string | null }[];
  timings: Record<string, number>;
}

declare module "vitest" {
  export interface ProvidedContext {
    lab: LabInfo;
  }
}

export default async function setup(project: TestProject) {
  const lab = await startLab();
  const info: LabInfo = {
    appUrl: lab.appUrl,
    databaseUrl: lab.databaseUrl,
    timings: lab.timings,
    chains: lab.chains.map((c) => ({
      name: c.network.name, chainId: c.network.chainId, blockMs: c.network.blockMs, confirmations: c.network.confirmations,
      nodeUrl: c.nodeUrl, rpcUrl: c.proxy.url, bundlerUrl: c.bundlerUrl, bundlerError: c.bundlerError,
    })),
  };
  console.log(`[lab] up in ${lab.timings.total.toFixed(1)} s`);
  project.provide("lab", info);
  return async () => {
    if (process.env.LAB_KEEP_LOG) console.log(lab.appOutput().slice(-20_000));
    await lab.stop();
  };
}
