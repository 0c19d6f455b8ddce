// next-auth's endpoints for the console (sign-in, session, CSRF, sign-out).
import NextAuth from "next-auth";
import { authOptions } from "@/lib/console/auth";

const handler = NextAuth(authOptions);

export { handler as GET, handler as POST };
