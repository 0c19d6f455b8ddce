import type { NextConfig } from "next";

const config: NextConfig = {
  // Server-only packages with native or wasm parts stay outside the bundle.
  serverExternalPackages: ["@node-rs/argon2", "@prisma/adapter-pg", "pg", "hardhat", "solc"],
  poweredByHeader: false,
};

export default config;
