import type { NextConfig } from "next";
import { securityHeaders } from "./lib/http/security";

const config: NextConfig = {
  // Server-only packages with native or wasm parts stay outside the bundle.
  serverExternalPackages: ["@node-rs/argon2", "@prisma/adapter-pg", "pg", "hardhat", "solc", "tiny-secp256k1"],
  poweredByHeader: false,
  // Tests that boot the app use their own build directory, so they never collide with a running `npm run dev`.
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  // Every page: nosniff, no framing, a referrer policy, and HSTS in production (lib/http/security).
  headers: async () => [{ source: "/:path*", headers: securityHeaders() }],
};

export default config;
