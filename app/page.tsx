import Link from "next/link";
import { Brand } from "@/components/Brand";
import { consoleContext } from "@/lib/console/session";
import "./globals.css";

export default async function Home() {
  const signedIn = Boolean(await consoleContext());
  return (
    <div className="landing">
      <header className="landing-nav">
        <Brand />
        <nav className="links" aria-label="Main">
          <a href="/docs" className="btn btn-link hide-sm">
            API reference
          </a>
          {signedIn ? (
            <Link href="/dashboard" className="btn btn-primary">
              Open the console
            </Link>
          ) : (
            <>
              <Link href="/sign-in" className="btn">
                Sign in
              </Link>
              <Link href="/sign-up" className="btn btn-primary">
                Create account
              </Link>
            </>
          )}
        </nav>
      </header>
      <main>
        <section className="hero">
          <h1>Tokens on any EVM network, through one API.</h1>
          <p>
            Deploy ERC-20, ERC-721 and ERC-1155 tokens, mint, transfer and burn, manage roles, and follow every transaction with
            webhooks — without running a node or holding keys yourself.
          </p>
          <div className="row">
            <Link href="/sign-up" className="btn btn-primary">
              Start in test mode
            </Link>
            <a href="/docs" className="btn">
              Read the API reference
            </a>
          </div>
        </section>
        <section className="features" aria-label="What you get">
          <div className="card">
            <h2>One call to deploy</h2>
            <p>
              <code>POST /v1/tokens</code> returns at once; the token moves from <em>deploying</em> to <em>deployed</em> on its own.
            </p>
          </div>
          <div className="card">
            <h2>Test and live</h2>
            <p>Test keys work on test networks, live keys on mainnets. Switch in the console at any time.</p>
          </div>
          <div className="card">
            <h2>Signed webhooks</h2>
            <p>Every event, signed with Standard Webhooks, retried for days, with a delivery log you can replay.</p>
          </div>
        </section>
      </main>
    </div>
  );
}
