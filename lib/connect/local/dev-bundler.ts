// The bundler of `npm run dev` (scripts/dev.ts): LOCAL_BUNDLER_URL when set, else alto started here
// against the local chain. A bundler that cannot start leaves the rest of the app running (Connect relay
// answers 400 bundler_unavailable) and says why in one line.
import { startLocalBundler } from "@/lib/connect/user-ops/bundler";

export async function startDevBundler(rpcUrl: string, log: (line: string) => void) {
  const own = process.env.LOCAL_BUNDLER_URL;
  const configured = Object.keys(process.env).filter((name) => /^BUNDLER_URL_[A-Z0-9_]+$/.test(name) && process.env[name]);
  const others = configured.length ? `; ${configured.join(", ")} from env` : "";
  if (own) return { env: {}, stop: async () => {}, description: `${new URL(own).origin} (LOCAL_BUNDLER_URL)${others}` };
  try {
    const started = Date.now();
    const alto = await startLocalBundler({ rpcUrl, port: Number(process.env.LOCAL_BUNDLER_PORT ?? 0) });
    return {
      env: { LOCAL_BUNDLER_URL: alto.url },
      stop: alto.stop,
      description: `${alto.url} (alto, ERC-4337 bundler, started here in ${((Date.now() - started) / 1000).toFixed(1)} s), for every network without BUNDLER_URL_<NETWORK>${others}`,
    };
  } catch (error) {
    log(`the local bundler (alto) did not start, Connect relay is unavailable: ${(error as Error).message.split("\n")[0]}`);
    return { env: {}, stop: async () => {}, description: `not running (see above)${others}` };
  }
}
