import "@/lib/composition"; // every test process runs the domains registered with lib/chain
import { inject } from "vitest";
import { testEnv } from "./env";

Object.assign(process.env, testEnv(inject("databaseUrl"), inject("localChainRpcUrl"), inject("localBundlerUrl")));
