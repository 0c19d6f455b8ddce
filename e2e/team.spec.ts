// Teams in a real browser: the owner invites a teammate as viewer; the teammate joins through the link in a
// fresh browser, sees tokens but cannot create an API key; the owner makes them a developer and the key is
// created; the audit log shows the invitation and the role change. A member adds a passkey and then signs in with
// password and passkey (Chromium's virtual authenticator). The new pages are saved at 1440 and 375 px.
import { join } from "node:path";
import { type Page } from "@playwright/test";
import { expect, test, newContext, api, base, pageOrigin, SHOTS } from "./helpers";

const url = (path: string) => `${base()}${path}`;
const DESKTOP = { width: 1440, height: 900 };
const MOBILE = { width: 375, height: 812 };

/** Saves the page at both widths, checking nothing is wider than the phone's viewport. */
async function shots(page: Page, name: string) {
  await page.setViewportSize(MOBILE);
  await page.evaluate(() => window.scrollTo(0, 0));
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} is wider than 375 px`).toBeLessThanOrEqual(1);
  await page.screenshot({ path: join(SHOTS, `${name}-mobile.png`), fullPage: true });
  await page.setViewportSize(DESKTOP);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SHOTS, `${name}-desktop.png`), fullPage: true });
}

async function signIn(page: Page, email: string, password: string, origin = base()) {
  await page.goto(`${origin}/sign-in`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

const nav = (page: Page) => page.getByRole("navigation", { name: "Console", exact: true });

test("an owner invites a viewer, who joins, is refused a write, and can write once made a developer", async ({ browser }) => {
  const ownerEmail = `owner.${Date.now()}@example.com`;
  const teammate = `grace.${Date.now()}@example.com`;
  const reg = await api("POST", "/auth/register", null, { email: ownerEmail, password: "correct horse 1", company_name: "Team Co", full_name: "Ada Owner" });
  expect(reg.status).toBe(201);

  const ownerContext = await newContext(browser, { viewport: DESKTOP });
  const owner = await ownerContext.newPage();
  await signIn(owner, ownerEmail, "correct horse 1");

  let link = "";
  await test.step("the owner invites the teammate as viewer and gets the link once", async () => {
    await nav(owner).getByRole("link", { name: "Team" }).click();
    await expect(owner.getByRole("heading", { name: "Team", level: 1 })).toBeVisible();
    await expect(owner.locator(`[data-member="${ownerEmail}"]`)).toContainText("Owner");
    await owner.getByLabel("Email", { exact: true }).fill(teammate);
    await owner.getByLabel("Role", { exact: true }).selectOption("viewer");
    await owner.getByRole("button", { name: "Create invitation link" }).click();
    link = (await owner.getByTestId("invite-link").textContent()) ?? "";
    expect(link).toMatch(/\/invite\/tpinv_[\w-]{43}$/);
    await expect(owner.locator(`[data-invitation="${teammate}"]`)).toContainText("Viewer");
    await shots(owner, "team");
    await owner.reload();
    await expect(owner.getByTestId("invite-link")).toHaveCount(0); // shown once
  });

  const mateContext = await newContext(browser, { viewport: DESKTOP });
  const mate = await mateContext.newPage();
  await test.step("the teammate opens the link in a fresh browser and joins", async () => {
    await mate.goto(link);
    await expect(mate.getByRole("heading", { name: "Join Team Co" })).toBeVisible();
    await expect(mate.getByLabel("Email")).toHaveValue(teammate);
    await shots(mate, "invite-accept");
    await mate.getByLabel("Your name").fill("Grace Hopper");
    await mate.getByLabel("Choose a password").fill("compiler 1952");
    await mate.getByRole("button", { name: "Join the team" }).click();
    await expect(mate).toHaveURL(/\/dashboard$/);
    // Signed in by joining; signing in again works with what they chose.
    await mateContext.clearCookies();
    await signIn(mate, teammate, "compiler 1952");
  });

  await test.step("as a viewer they read tokens, but creating an API key is refused with a clear message", async () => {
    await nav(mate).getByRole("link", { name: "Tokens" }).click();
    await expect(mate.getByRole("heading", { name: "Tokens", level: 1 })).toBeVisible();
    await nav(mate).getByRole("link", { name: "API keys" }).click();
    await mate.getByLabel("Key name").fill("Grace's key");
    await mate.getByRole("button", { name: "Create key" }).click();
    await expect(mate.getByText("Your role (viewer) does not allow this: it needs the developer role")).toBeVisible();
    await expect(mate.getByTestId("secret-value")).toHaveCount(0);
    await nav(mate).getByRole("link", { name: "Audit log" }).click();
    await expect(mate.getByText("Only owners and admins see the audit log.")).toBeVisible();
  });

  await test.step("the owner makes them a developer; the same write now works", async () => {
    await owner.reload();
    const row = owner.locator(`[data-member="${teammate}"]`);
    await row.getByLabel(`Role of ${teammate}`, { exact: true }).selectOption("developer");
    await row.getByRole("button", { name: "Save" }).click();
    await expect(row.getByRole("status")).toHaveText("Saved");
    await owner.reload();
    await expect(owner.locator(`[data-member="${teammate}"]`).getByLabel(`Role of ${teammate}`, { exact: true })).toHaveValue("developer");
    await shots(owner, "team-members");

    await mate.goto(url("/keys"));
    await mate.getByLabel("Key name").fill("Grace's key");
    await mate.getByRole("button", { name: "Create key" }).click();
    await expect(mate.getByTestId("secret-value")).toContainText(/^sk_test_/);
  });

  await test.step("the audit log shows the invitation and the role change", async () => {
    await nav(owner).getByRole("link", { name: "Audit log" }).click();
    await expect(owner.getByRole("heading", { name: "Audit log", level: 1 })).toBeVisible();
    await expect(owner.locator('[data-action="member.invited"]')).toContainText(`Invited ${teammate} as viewer`);
    await expect(owner.locator('[data-action="member.role_changed"]')).toContainText(`Changed the role of ${teammate} from viewer to developer`);
    await expect(owner.locator('[data-action="member.joined"]')).toContainText(`${teammate} joined as viewer`);
    await expect(owner.locator('[data-action="api_key.created"]').first()).toContainText("Grace's key");
    await shots(owner, "audit-log");
  });

  await ownerContext.close();
  await mateContext.close();
});

test("a member adds a passkey; signing in then takes the password and the passkey", async ({ browser }) => {
  const email = `passkey.${Date.now()}@example.com`;
  const reg = await api("POST", "/auth/register", null, { email, password: "correct horse 1", company_name: "Passkey Co", full_name: "Ada Owner" });
  expect(reg.status).toBe(201);
  // WebAuthn needs a domain name: the app on localhost, not 127.0.0.1.
  const origin = pageOrigin();
  const context = await newContext(browser, { viewport: DESKTOP });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  await signIn(page, email, "correct horse 1", origin);

  await test.step("the Team page adds a passkey through the browser's ceremony", async () => {
    await page.goto(`${origin}/team`);
    await page.getByLabel("Passkey name").fill("Virtual laptop");
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await expect(page.getByText("Passkey added: signing in now asks for it after your password.")).toBeVisible();
    await expect(page.locator('[data-passkey="Virtual laptop"]')).toContainText("not used yet");
    await shots(page, "team-passkeys");
  });

  await test.step("signing in again asks for the passkey after the password", async () => {
    await context.clearCookies();
    await signIn(page, email, "correct horse 1", origin);
    await page.goto(`${origin}/team`);
    await expect(page.locator('[data-passkey="Virtual laptop"]')).toContainText("last used");
    await page.goto(`${origin}/audit-log`);
    await expect(page.locator('[data-action="user.passkey_added"]')).toContainText("Added the passkey “Virtual laptop” to their sign-in");
  });
  await context.close();
});
