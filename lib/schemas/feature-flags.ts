// The one table of tenant feature flags (platform 4.9): name, description, default state and the zod schema
// of its configuration. The API (GET/POST /v1/tenant-features), the console's features page and the domains'
// requireFeature() all read this table; a flag is set per tenant and mode (test and live keys each have theirs).
import { z } from "zod";
import { Address } from "@/lib/schemas/common";

export interface FlagDefinition<C extends z.ZodType = z.ZodType> {
  description: string;
  /** The state of a tenant that never set the flag. */
  default: boolean;
  /** Validates `config` when the flag is set; its JSON schema is listed by GET /v1/tenant-features. */
  config: C;
}

const define = <C extends z.ZodType>(flag: FlagDefinition<C>) => flag;

export const FLAGS = {
  connect_mode: define({
    description:
      "Connect wallet mode: switching wallet_mode to `connect` (PUT /v1/settings/connect), so the owner's smart account makes the " +
      "tenant's chain writes. Disabling it refuses new switches; an account already in connect mode stays in it until switched back.",
    default: true,
    config: z.strictObject({}),
  }),
  confidential_decrypt: define({
    description:
      "Confidential decrypt requests (POST /v1/confidential/decrypt_requests and its reads and fulfilment): a ciphertext handle " +
      "decrypted by a decryption gateway that signs the plaintext (EIP-712, after Zama's fhEVM). Opt-in.",
    default: false,
    config: z.strictObject({
      gateway_signer: Address.optional().meta({
        description: "The address whose EIP-712 signatures fulfil this tenant's decrypt requests (its gateway or KMS signer). Overrides the platform's CONFIDENTIAL_GATEWAY_SIGNER.",
      }),
      request_ttl_seconds: z.number().int().min(60).max(30 * 86_400).default(86_400).meta({
        description: "Seconds a decrypt request waits for its fulfilment before it expires, 60 to 2,592,000 (default one day).",
      }),
    }),
  }),
  paymasters: define({
    description:
      "Gas sponsorship: registering paymasters (POST /v1/connect/paymasters and …/import-keystore) whose signers sponsor the tenant's user " +
      "operations. Disabling it refuses new registrations; registered paymasters keep sponsoring until deactivated.",
    default: true,
    config: z.strictObject({}),
  }),
} satisfies Record<string, FlagDefinition>;

export type FeatureName = keyof typeof FLAGS;
export type FeatureConfig<F extends FeatureName> = z.output<(typeof FLAGS)[F]["config"]>;

export const FEATURE_NAMES = Object.keys(FLAGS) as FeatureName[];
export const isFeatureName = (name: string): name is FeatureName => Object.hasOwn(FLAGS, name);
