import Link from "next/link";

export default function Home() {
  return (
    <main style={{ maxWidth: 720, margin: "10vh auto", padding: "0 24px", lineHeight: 1.6 }}>
      <h1>Token Platform</h1>
      <p>Deploy and operate tokens on EVM networks through one API.</p>
      <ul>
        <li>
          <Link href="/docs">API reference</Link> (<Link href="/v1/openapi.json">OpenAPI document</Link>)
        </li>
      </ul>
      <p>Start with <code>POST /auth/register</code>, then create an API key with <code>POST /v1/api_keys</code>.</p>
    </main>
  );
}
