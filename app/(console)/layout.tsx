// The console shell: navigation, the test/live switch (on every page), the signed-in user.
import "@/lib/composition"; // every page names chain-write kinds, which the modules register
import type { ReactNode } from "react";
import { consoleContext } from "@/lib/console/session";
import { Brand } from "@/components/Brand";
import { Nav } from "@/components/Nav";
import { EnvironmentSwitch } from "@/components/EnvironmentSwitch";
import { SignOutButton } from "@/components/SignOutButton";
import { MobileMenu } from "@/components/MobileMenu";
import { GlobalSearch } from "@/components/GlobalSearch";
import "../globals.css";
import "../navigation.css";
import "../developer-pages.css";

export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const context = await consoleContext();
  // Signed out: every console page redirects to sign-in itself (requireConsole with its own path, so
  // sign-in can come back to it); the shell shows nothing meanwhile.
  if (!context) return <>{children}</>;
  const { user, tenant, environment, livemode } = context;
  const account = (
    <div className="sidebar-footer">
      <span className="email" title={user.email}>
        {user.email}
      </span>
      <span>
        <SignOutButton />
      </span>
    </div>
  );
  return (
    <>
      {!livemode ? <div className="test-strip" aria-hidden="true" /> : null}
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className="shell">
        <aside className="sidebar">
          <Brand href="/dashboard" />
          <div className="tenant-name" title={tenant.companyName}>
            {tenant.companyName}
          </div>
          <Nav />
          {account}
        </aside>
        <div className="main">
          <MobileMenu title={<span className="brand">{tenant.companyName}</span>}>
            <Nav label="Console (mobile)" />
            {account}
          </MobileMenu>
          <div className="topbar">
            <span className="topbar-title">
              {livemode ? (
                <>
                  <span className="hide-sm">You are viewing </span>
                  <strong>Live</strong> data<span className="hide-sm">: mainnets, live keys</span>.
                </>
              ) : (
                <>
                  <span className="hide-sm">You are viewing </span>
                  <strong style={{ color: "var(--test)" }}>Test</strong> data<span className="hide-sm">: test networks, test keys</span>.
                </>
              )}
            </span>
            <GlobalSearch />
            <EnvironmentSwitch environment={environment} />
          </div>
          <main id="main" className="content" tabIndex={-1}>
            {children}
          </main>
        </div>
      </div>
    </>
  );
}
