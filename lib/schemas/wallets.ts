import { z } from "zod";

const NetworkRunway = z
  .object({
    network: z.string(),
    display_name: z.string(),
    currency: z.string().meta({ description: "The network's native currency (what gas is paid in)." }),
    balance: z.string().nullable().meta({ description: "Native balance in wei; null when the network's node did not answer." }),
    spend_24h: z.string().meta({ description: "Wei spent on gas in the last 24 h: gas used × effective price of its transactions mined in that window." }),
    runway_days: z.number().nullable().meta({ description: "Days the balance lasts at the last 24 h's spend (to 0.01); null without spend." }),
    low_balance: z.boolean().meta({ description: "The runway is below the tenant's threshold (`low_balance_runway_days`)." }),
  })
  .meta({ id: "WalletNetworkRunway" });

export const WalletRunway = z
  .object({
    object: z.literal("wallet"),
    id: z.string(),
    address: z.string(),
    livemode: z.boolean(),
    created: z.number().int(),
    low_balance_runway_days: z.number().nullable().meta({ description: "The threshold of wallet.low_balance (PUT /v1/settings/wallet-alerts); null: off." }),
    networks: z.array(NetworkRunway).meta({
      description: "Each network of the mode this process has a node for; networks served by one node (the embedded local chain) share balance and spend.",
    }),
  })
  .meta({ id: "WalletRunway" });

export const WalletList = z
  .object({ object: z.literal("list"), data: z.array(WalletRunway), has_more: z.boolean() })
  .meta({ id: "WalletList" });

export const WalletAlertSettings = z
  .object({
    object: z.literal("wallet_alert_settings"),
    low_balance_runway_days: z.number().nullable(),
    livemode: z.boolean(),
  })
  .meta({ id: "WalletAlertSettings" });

export const WalletAlertSettingsInput = z
  .object({
    low_balance_runway_days: z.number().positive().max(365).nullable().meta({
      description: "wallet.low_balance fires when a sending wallet's runway falls below this many days (3 by default); null turns it off.",
    }),
  })
  .strict()
  .meta({ id: "WalletAlertSettingsInput" });
