// next-auth for the console: e-mail and password checked by lib/auth (the same sign-in as POST
// /auth/login), a JWT session in an encrypted cookie. The secret is AUTH_SECRET (scripts/dev.ts sets it).
import type { NextAuthOptions } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { ApiError } from "@/lib/api/errors";
import { signIn } from "@/lib/auth/service";
import { LoginInput } from "@/lib/schemas/auth";
import { takeAuthSlot } from "./rate-limit";
import { secureCookies } from "@/lib/http/security";

// Without NEXTAUTH_URL, next-auth derives its URL from the request's Host (as on Vercel), so the console
// works on whatever host and port the app is started with.
if (!process.env.NEXTAUTH_URL) process.env.AUTH_TRUST_HOST ??= "1";

export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 3600;

/** Checks e-mail and password; the user on success, null on a wrong pair, throws on a rate limit. */
export async function authorizeCredentials(credentials: Record<string, string> | undefined, headers?: Record<string, unknown>) {
  const parsed = LoginInput.safeParse({ email: credentials?.email ?? "", password: credentials?.password ?? "" });
  if (!parsed.success) return null;
  await takeAuthSlot(headers);
  try {
    const user = await signIn(parsed.data);
    return { id: user.id, email: user.email, name: user.fullName };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
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
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
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
    // `sub` is the user id; everything else is read from the database on each request.
    session: ({ session, token }) => ({ ...session, userId: token.sub }),
  },
};
