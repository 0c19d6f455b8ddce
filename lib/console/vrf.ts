// What the randomness page fills in for a new consumer: on a network served by the local chain, the platform's
// mock coordinator, its key hash and the subscription it funds (elsewhere the tenant brings its own).
import { isLocal, localCoordinator, localSubscriptionId, LOCAL_VRF_KEY_HASH } from "@/lib/vrf/base";

export interface VrfDefaults {
  vrf_coordinator: string;
  key_hash: string;
  subscription_id: string;
}

/** The local VRF settings of each network that has them (by network name). */
export async function localVrfDefaults(networks: string[]): Promise<Record<string, VrfDefaults>> {
  const local = networks.filter((n) => isLocal(n));
  const found = await Promise.all(
    local.map(async (n) => {
      const subscription = await localSubscriptionId(n).catch(() => null);
      return subscription ? ([n, { vrf_coordinator: localCoordinator(), key_hash: LOCAL_VRF_KEY_HASH, subscription_id: subscription }] as const) : null;
    }),
  );
  return Object.fromEntries(found.filter((f) => f !== null));
}
