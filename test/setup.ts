import { inject } from "vitest";
import { testEnv } from "./env";

Object.assign(process.env, testEnv(inject("databaseUrl"), inject("localChainRpcUrl"), inject("localBundlerUrl")));
