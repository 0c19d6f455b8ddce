import { z } from "zod";
import { singleLine, apiObject } from "./common";
import { ROLES } from "@/lib/core/roles";

// At least 10 characters with a letter and a non-letter; argon2 is fed at most 128.
export const Password = z
  .string()
  .min(10, "must be at least 10 characters")
  .max(128, "must be at most 128 characters")
  .refine((p) => /\p{L}/u.test(p) && /[^\p{L}]/u.test(p), "must contain a letter and a digit or symbol");

export const RegisterInput = z.strictObject({
  email: z.email().max(254),
  password: Password,
  company_name: singleLine(z.string().trim().min(1).max(200)),
  full_name: singleLine(z.string().trim().min(1).max(200)),
});

export const LoginInput = z.strictObject({
  email: z.email().max(254),
  password: z.string().min(1).max(128),
});

export const RefreshInput = z.strictObject({
  refresh_token: singleLine(z.string().min(1).max(200)),
});

export const Tenant = z.object({ object: z.literal("tenant"), id: z.string(), company_name: z.string(), created: z.number().int() }).meta({ id: "Tenant" });
export const User = z
  .object({ object: z.literal("user"), id: z.string(), email: z.string(), full_name: z.string(), role: z.enum(ROLES).meta({ description: "`owner` for the registering user; members invited later have the role they were invited with (an addition: admin, developer, viewer)." }), created: z.number().int() })
  .meta({ id: "User" });

export const Auth = apiObject("auth", {
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal("bearer"),
  expires_in: z.number().int(),
  tenant: Tenant,
  user: User,
}).meta({ id: "Auth" });
