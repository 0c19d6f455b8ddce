// next-auth for the console: e-mail and password checked by lib/auth (the same sign-in as POST
// /auth/login), then, for a member with passkeys, one of them (lib/team/passkeys: the form runs the ceremony
// and sends its answer as `passkey`); a JWT session in an encrypted cookie. The secret is AUTH_SECRET.
import type { NextAuthOptions } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { ApiError, unauthorized } from "@/lib/core/errors";
import { signIn } from "@/lib/auth/service";
import { LoginInput } from "@/lib/schemas/auth";
import { hasPasskeys, relyingPartyOf, verifySignInPasskey } from "@/lib/team/passkeys";
import { header, takeAuthSlot } from "./rate-limit";
import { baseUrlFrom } from "./request";
import { secureCookies } from "@/lib/http/security";

// Without NEXTAUTH_URL, next-auth derives its URL from the request's Host (as on Vercel), so the console
// works on whatever host and port the app is started with.
if (!process.env.NEXTAUTH_URL) process.env.AUTH_TRUST_HOST ??= "1";

export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 3600;

/** What authorize throws for a member with passkeys who sent the password alone: the form then runs the ceremony. */
const PASSKEY_REQUIRED = "passkey_required"; // app/sign-in/SignInForm.tsx knows it too

/**
 * Checks e-mail and password, and the passkey of a member who has one; the user on success, null on a wrong pair,
 * throws on a rate limit, PASSKEY_REQUIRED, or a refused passkey (its message is what the form shows).
 * A sign-in with passkeys takes three requests: the password alone (answered PASSKEY_REQUIRED), the challenge
 * (passkeyChallengeAction, which checks the password again), then both with the passkey's answer. Each takes one
 * per-IP slot, except the last when its passkey verifies first: it proves the previous step, which took one.
 */
export async function authorizeCredentials(credentials: Record<string, string> | undefined, headers?: Record<string, unknown>) {
  const parsed = LoginInput.safeParse({ email: credentials?.email ?? "", password: credentials?.password ?? "" });
  if (!parsed.success) return null;
  const answer = credentials?.passkey;
  if (answer) {
    try {
      await verifySignInPasskey(parsed.data.email, relyingPartyOf(baseUrlFrom((name) => header(headers, name))), answer);
    } catch (error) {
      await takeAuthSlot(headers); // a refused answer counts like a wrong password
      throw error;
    }
  } else {
    await takeAuthSlot(headers);
  }
  try {
    const user = await signIn(parsed.data, async (user) => {
      if (!answer && (await hasPasskeys(user.id))) throw unauthorized(PASSKEY_REQUIRED, PASSKEY_REQUIRED);
    });
    return { id: user.id, email: user.email, name: user.fullName };
  } catch (error) {
    if (error instanceof ApiError && error.code === "invalid_login") return null;
    throw error;
  }
}

export const authOptions: NextAuthOptions = {
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
  // next-auth's cookies are HttpOnly and SameSite=Lax; Secure (and __Secure-/__Host- named) in production, not
  // only when it derives an https URL: behind a proxy that terminates TLS the app itself sees http.
  useSecureCookies: secureCookies(),
  pages: { signIn: "/sign-in", error: "/sign-in" },
  providers: [
    Credentials({
      name: "Email and password",
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" }, passkey: { label: "Passkey answer", type: "text" } },
      async authorize(credentials, req) {
        try {
          return await authorizeCredentials(credentials, req.headers);
        } catch (error) {
          // next-auth hands the message to the sign-in form as `error`.
          throw new Error(error instanceof ApiError ? error.message : "Sign-in is unavailable right now; try again.");
        }
      },
    }),
  ],
  callbacks: {
    // When the session began, kept as the token is renewed: a password change ends the sessions begun before it.
    jwt: ({ token, user }) => (user ? { ...token, signedInAt: Date.now() } : token),
    // `sub` is the user id; everything else is read from the database on each request.
    session: ({ session, token }) => ({ ...session, userId: token.sub, signedInAt: typeof token.signedInAt === "number" ? token.signedInAt : 0 }),
  },
};
