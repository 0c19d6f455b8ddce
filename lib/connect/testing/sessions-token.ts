// Test helper: reads a Connect session token as a verifier would: our HS256 signature, the Connect issuer,
// the `connect-session` audience and type, unexpired. Null for anything else (another kind of token).
import { jwtVerify } from "jose";
import { jwtSigningKey } from "@/lib/crypto/keys";
import type { ConnectSession } from "@/lib/connect/sessions/token";

export async function readSessionToken(token: string): Promise<ConnectSession | null> {
  try {
    const { payload: p } = await jwtVerify(token, jwtSigningKey(), { issuer: "token-platform/connect", audience: "connect-session", algorithms: ["HS256"], typ: "connect-session+jwt" });
    return { tenantId: p.tid as string, livemode: p.live as boolean, address: p.sub as string, chainId: p.chain_id as string, method: p.amr === "siwe" ? "siwe" : "oauth" };
  } catch {
    return null;
  }
}
