// Roles of a token contract (spec 4.6). AccessControl templates (ERC20, ERC721, ERC1155) name a role by
// a bytes32 id; ERC20_ALT by a bit of one uint256 per address. Writes go through the one chain path.
import { getAddress, type Address, type Hex } from "viem";
import type { z } from "zod";
import { invalidRequest } from "@/lib/core/errors";
import { actingFor } from "@/lib/connect/settings/wallet-mode";
import type { RenounceRoleInput, RoleInput } from "@/lib/schemas/tokens";
import { readToken } from "./reads";
import { deployedToken, findToken, requireStandard, type DeployedToken } from "@/lib/tokens/lookup";
import { type Scope } from "@/lib/core/scope";
import { ALT_ROLE_BITS, decodeRoleBitmap, ROLE_IDS, roleNameOfId } from "@/lib/tokens/standards";
import { ALT_ROLE_NAMES, ROLE_NAMES } from "@/lib/schemas/tokens";
import { submitTokenWrite } from "./submit";

const isAlt = (token: { standard: string }) => token.standard === "ERC20_ALT";

interface ResolvedRole {
  name: string | null;
  /** bytes32 id (AccessControl) or the bit as a decimal string (ERC20_ALT). */
  id: string;
  bit?: bigint;
}

/** A role name (or, on AccessControl tokens, a bytes32 id) in the token's terms; 400 when unknown. */
export function resolveRole(token: DeployedToken, role: string, param = "role"): ResolvedRole {
  const upper = role.trim().toUpperCase();
  if (isAlt(token)) {
    const name = (upper === "DEFAULT_ADMIN_ROLE" ? "ADMIN_ROLE" : upper) as (typeof ALT_ROLE_NAMES)[number];
    if (!ALT_ROLE_NAMES.includes(name)) {
      throw invalidRequest("role_unknown", `Unknown role '${role}': ERC20_ALT tokens have ${ALT_ROLE_NAMES.join(", ")}.`, param);
    }
    return { name, id: ALT_ROLE_BITS[name].toString(), bit: ALT_ROLE_BITS[name] };
  }
  if (/^0X[0-9A-F]{64}$/.test(upper)) {
    const id = role.trim().toLowerCase() as Hex;
    return { name: roleNameOfId(id), id };
  }
  const name = (upper === "ADMIN_ROLE" ? "DEFAULT_ADMIN_ROLE" : upper) as (typeof ROLE_NAMES)[number];
  if (!ROLE_NAMES.includes(name)) {
    throw invalidRequest("role_unknown", `Unknown role '${role}': ${token.standard} tokens have ${ROLE_NAMES.join(", ")} (or a bytes32 role id).`, param);
  }
  return { name, id: ROLE_IDS[name] };
}

// ---------- writes ----------

type RoleBody = z.output<typeof RoleInput>;

// Bitmap-role tokens (ERC20_ALT) take the role's bit, AccessControl tokens its id.
const roleChanges = {
  grant: { kind: "role.grant", bitmap: "grantRoles", access: "grantRole", event: "role.granted" },
  revoke: { kind: "role.revoke", bitmap: "revokeRoles", access: "revokeRole", event: "role.revoked" },
} as const;

async function changeRole(scope: Scope, id: string, body: RoleBody, change: keyof typeof roleChanges) {
  const token = await roleToken(scope, id);
  const role = resolveRole(token, body.role);
  const address = getAddress(body.address);
  const write = roleChanges[change];
  return submitTokenWrite(scope, token, {
    kind: write.kind,
    request: body,
    ...(role.bit !== undefined ? { functionName: write.bitmap, args: [address, role.bit] } : { functionName: write.access, args: [role.id, address] }),
    events: [{ type: write.event, data: { role: role.name ?? role.id, role_id: role.id, address } }],
  });
}

export const grantRole = (scope: Scope, id: string, body: RoleBody) => changeRole(scope, id, body, "grant");
export const revokeRole = (scope: Scope, id: string, body: RoleBody) => changeRole(scope, id, body, "revoke");

/** The caller's own address is the tenant wallet (or its smart account in connect mode): it gives up the role (its admin rights included, if asked). */
export async function renounceRole(scope: Scope, id: string, body: z.output<typeof RenounceRoleInput>) {
  const token = await roleToken(scope, id);
  const role = resolveRole(token, body.role);
  const wallet = (await actingFor(scope, token.network)).address;
  return submitTokenWrite(scope, token, {
    kind: "role.renounce",
    request: body,
    ...(role.bit !== undefined ? { functionName: "renounceRoles", args: [role.bit] } : { functionName: "renounceRole", args: [role.id, wallet] }),
    events: [{ type: "role.revoked", data: { role: role.name ?? role.id, role_id: role.id, address: wallet, renounced: true } }],
  });
}

// ---------- reads ----------

const serializeRole = (role: ResolvedRole, adminRole: string | null, members: Address[]) => ({
  object: "role" as const,
  name: role.name,
  id: role.id,
  admin_role: adminRole,
  members: members.map((m) => getAddress(m)),
});

/** Every role the template defines with its members (all in one page: a template has four roles). */
export async function listRoles(scope: Scope, id: string) {
  const token = await roleToken(scope, id);
  let data: ReturnType<typeof serializeRole>[];
  if (isAlt(token)) {
    const holders = await readToken<readonly Address[]>(token, "roleHolders");
    const bitmaps = await Promise.all(holders.map((h) => readToken<bigint>(token, "rolesOf", [h])));
    data = ALT_ROLE_NAMES.map((name) => {
      const bit = ALT_ROLE_BITS[name];
      return serializeRole({ name, id: bit.toString(), bit }, "ADMIN_ROLE", holders.filter((_, i) => (bitmaps[i] & bit) !== 0n));
    });
  } else {
    data = await Promise.all(
      ROLE_NAMES.map(async (name) => {
        const role = { name, id: ROLE_IDS[name] };
        const [members, admin] = await Promise.all([
          readToken<readonly Address[]>(token, "getRoleMembers", [role.id]),
          readToken<Hex>(token, "getRoleAdmin", [role.id]),
        ]);
        return serializeRole(role, roleNameOfId(admin) ?? admin, [...members]);
      }),
    );
  }
  return { object: "list" as const, data, has_more: false, total: data.length };
}

export async function addressRoles(scope: Scope, id: string, address: string) {
  const token = await roleToken(scope, id);
  let roles: string[];
  if (isAlt(token)) roles = decodeRoleBitmap(await readToken<bigint>(token, "rolesOf", [address]));
  else {
    const held = await Promise.all(ROLE_NAMES.map((name) => readToken<boolean>(token, "hasRole", [ROLE_IDS[name], address])));
    roles = ROLE_NAMES.filter((_, i) => held[i]);
  }
  return { object: "address_roles" as const, token: token.id, address: getAddress(address), roles };
}

export async function roleAdmin(scope: Scope, id: string, roleName: string) {
  const token = await roleToken(scope, id);
  const role = resolveRole(token, roleName);
  // On ERC20_ALT the owner and ADMIN_ROLE holders administer every role.
  const admin = isAlt(token) ? "ADMIN_ROLE" : await readToken<Hex>(token, "getRoleAdmin", [role.id]).then((a) => roleNameOfId(a) ?? a);
  return { object: "role_admin" as const, token: token.id, role: role.name ?? role.id, admin_role: admin };
}

export async function checkRole(scope: Scope, id: string, roleName: string, address: string) {
  const token = await roleToken(scope, id);
  const role = resolveRole(token, roleName);
  const has = role.bit !== undefined
    ? await readToken<boolean>(token, "hasAllRoles", [address, role.bit])
    : await readToken<boolean>(token, "hasRole", [role.id, address]);
  return { object: "role_check" as const, token: token.id, address: getAddress(address), role: role.name ?? role.id, has_role: has };
}

/** Roles exist on the platform's own templates; a T-REX token has an owner and agents instead. */
async function roleToken(scope: Scope, id: string) {
  requireStandard(await findToken(scope, id), ["ERC20", "ERC20_ALT", "ERC721", "ERC1155"], "roles");
  return deployedToken(scope, id);
}

async function bitmapToken(scope: Scope, id: string, operation: string) {
  requireStandard(await findToken(scope, id), ["ERC20_ALT"], operation);
  return deployedToken(scope, id);
}

export async function checkAnyRole(scope: Scope, id: string, roleNames: string, address: string) {
  const token = await bitmapToken(scope, id, "roles/check_any (bitmap roles)");
  const roles = roleNames.split(",").filter((r) => r.trim()).map((r) => resolveRole(token, r, "roles"));
  if (!roles.length) throw invalidRequest("parameter_invalid", "Invalid roles: give at least one role name", "roles");
  const bitmap = roles.reduce((acc, r) => acc | r.bit!, 0n);
  const hasAny = await readToken<boolean>(token, "hasAnyRole", [address, bitmap]);
  return {
    object: "role_check" as const,
    token: token.id,
    address: getAddress(address),
    roles: [...new Set(roles.map((r) => r.name!))],
    bitmap: bitmap.toString(),
    has_any: hasAny,
  };
}

export async function roleBitmap(scope: Scope, id: string, address: string) {
  const token = await bitmapToken(scope, id, "roles/alt (bitmap roles)");
  const bitmap = await readToken<bigint>(token, "rolesOf", [address]);
  return { object: "role_bitmap" as const, token: token.id, address: getAddress(address), bitmap: bitmap.toString(), roles: decodeRoleBitmap(bitmap) };
}
