// The platform's base contracts of the local chain (the ERC-4337 stack, the T-REX factory…): each domain
// that needs some registers its installer here through lib/composition, and the local node runs them in
// order at every start (./local-node). lib/chain itself knows none of them.

/** Sends a raw JSON-RPC request to the local node (test methods such as hardhat_setCode included). */
export type RawRequest = (method: string, params: unknown[]) => Promise<unknown>;

export interface BaseContracts {
  name: string;
  install(request: RawRequest): Promise<void>;
}

const installers: BaseContracts[] = [];

export function registerBaseContracts(base: BaseContracts) {
  if (!installers.some((b) => b.name === base.name)) installers.push(base);
}

export function registeredBaseContracts(): readonly BaseContracts[] {
  if (!installers.length) throw new Error("lib/chain: no base contracts are registered: import \"@/lib/composition\" in the entry point that starts the local chain");
  return installers;
}
