// The README's roles table says what lib/core/roles.ts says.
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { ROLE_ABILITIES, ROLES } from "@/lib/core/roles";

it("the README's roles table matches the roles", () => {
  const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
  for (const role of ROLES) expect(readme).toContain(`| ${role} | ${ROLE_ABILITIES[role]} |`);
});
