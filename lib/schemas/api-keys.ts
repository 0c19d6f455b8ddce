import { z } from "zod";
import { writeBody, listOf, singleLine, apiObject } from "./common";

export const Environment = z.enum(["test", "live"]);

export const CreateApiKeyInput = writeBody({
  name: singleLine(z.string().trim().min(1).max(100)),
  environment: Environment.default("test"),
});

export const RotateApiKeyInput = writeBody({
  grace_period_seconds: z
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 3600)
    .default(24 * 3600)
    .meta({ description: "How long the previous secret keeps working (default 24 h, at most 7 days, 0 = revoke at once)." }),
});

export const ApiKey = apiObject("api_key", {
  id: z.string(),
  name: z.string(),
  environment: Environment,
  secret: z.string().optional().meta({ description: "Only in the responses of create and rotate." }),
  redacted_secret: z.string().meta({ example: "sk_test_…Ab3x" }),
  publishable: z.string(),
  created: z.number().int(),
  last_used: z.number().int().nullable().meta({ description: "Unix seconds, accurate to a minute; null until first use." }),
  revoked: z.number().int().nullable(),
  previous_secret_expires: z.number().int().nullable().meta({ description: "After a rotation: when the old secret stops working." }),
}).meta({ id: "ApiKey" });

export const ApiKeyList = listOf(ApiKey, "ApiKeyList");
