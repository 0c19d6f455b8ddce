// Registration, sign-in and refresh-token rotation.
import type { z } from "zod";
import { db, Prisma } from "@/lib/db";
import { newId } from "@/lib/core/ids";
import { conflict, unauthorized } from "@/lib/core/errors";
import { emit } from "@/lib/webhooks/emit";
import type { RegisterInput, LoginInput } from "@/lib/schemas/auth";
import type { Tenant, User } from "@/lib/generated/prisma/client";
import { hashPassword, verifyPassword, dummyPasswordHash } from "./passwords";
import { issueAccessToken, newRefreshToken, hashToken, ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS } from "./tokens";
import { serializeTenant, serializeUser } from "./serialize";
import { createWallets } from "@/lib/chain/eoa/wallets";

type Tx = Prisma.TransactionClient;

async function session(tx: Tx | typeof db, tenant: Tenant, user: User, familyId = newId("rt")) {
  const refreshToken = newRefreshToken();
  await tx.refreshToken.create({
    data: {
      id: newId("rt"),
      tenantId: tenant.id,
      userId: user.id,
      familyId,
      tokenHash: hashToken(refreshToken),
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000),
    },
  });
  return {
    object: "auth" as const,
    access_token: await issueAccessToken(user.id, tenant.id),
    refresh_token: refreshToken,
    token_type: "bearer" as const,
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    tenant: serializeTenant(tenant),
    user: serializeUser(user),
  };
}

const emailTaken = () => conflict("email_already_registered", "An account with this email already exists. Sign in instead.", "email");

export async function register(input: z.output<typeof RegisterInput>) {
  const email = input.email.toLowerCase();
  if (await db.user.findUnique({ where: { email }, select: { id: true } })) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.$transaction(async (tx) => {
      const tenant = await tx.tenant.create({ data: { id: newId("ten"), companyName: input.company_name } });
      const user = await tx.user.create({
        data: { id: newId("usr"), tenantId: tenant.id, email, passwordHash, fullName: input.full_name, role: "owner" },
      });
      const auth = await session(tx, tenant, user);
      await emit(tenant.id, "auth.registered", { tenant: auth.tenant, user: auth.user }, tx);
      await createWallets(tenant.id, tx);
      return auth;
    });
  } catch (err) {
    // Two registrations of one e-mail at once: the unique index decides.
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") throw emailTaken();
    throw err;
  }
}

const badLogin = () => unauthorized("invalid_login", "Incorrect email or password.");

/**
 * Checks e-mail and password (as slow for an unknown e-mail as for a wrong password), then the second factor the
 * caller demands of this user (the console's passkeys), and records auth.login; the user, without issuing tokens.
 * The console signs in with this (its session is a cookie).
 */
export async function signIn(input: z.output<typeof LoginInput>, secondFactor?: (user: User) => Promise<void>) {
  const user = await checkPassword(input);
  await secondFactor?.(user);
  await emit(user.tenantId, "auth.login", { user: serializeUser(user) });
  return user;
}

/** The user of a right e-mail and password (401 `invalid_login` otherwise, as slow either way); records nothing. */
export async function checkPassword(input: z.output<typeof LoginInput>) {
  const user = await db.user.findUnique({ where: { email: input.email.toLowerCase() }, include: { tenant: true } });
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!user || !valid) throw badLogin();
  return user;
}

export async function login(input: z.output<typeof LoginInput>) {
  const user = await checkPassword(input);
  // A password alone does not open an account that signs in with a passkey too; this endpoint cannot run the ceremony.
  if (await db.userPasskey.count({ where: { userId: user.id } })) {
    throw unauthorized("second_factor_required", "This account signs in with a password and a passkey: sign in on the console.");
  }
  return db.$transaction(async (tx) => {
    const auth = await session(tx, user.tenant, user);
    await emit(user.tenantId, "auth.login", { user: auth.user }, tx);
    return auth;
  });
}

const badRefresh = () => unauthorized("invalid_refresh_token", "Invalid, expired or revoked refresh token: sign in again.");

/**
 * Exchanges a refresh token for a new pair. Each token works once: presenting one that was already
 * rotated means it leaked, so every token of its family (that login) is revoked.
 */
export async function refresh(refreshToken: string) {
  const tokenHash = hashToken(refreshToken);
  const rotated = await db.refreshToken.updateManyAndReturn({
    where: { tokenHash, rotatedAt: null, revokedAt: null, expiresAt: { gt: new Date() } },
    data: { rotatedAt: new Date() },
  });
  if (!rotated.length) {
    const reused = await db.refreshToken.findUnique({ where: { tokenHash } });
    if (reused) await db.refreshToken.updateMany({ where: { familyId: reused.familyId, revokedAt: null }, data: { revokedAt: new Date() } });
    throw badRefresh();
  }
  const old = rotated[0];
  const user = await db.user.findUnique({ where: { id: old.userId }, include: { tenant: true } });
  if (!user) throw badRefresh();
  return session(db, user.tenant, user, old.familyId); // one insert: no transaction to wait for
}
