"use client";
import { useEffect, useState } from "react";
import { ApiReferenceReact } from "@scalar/api-reference-react";
import "@scalar/api-reference-react/style.css";
import { keyFromFragment } from "@/lib/console/docs-link";

// Offline-friendly: no web fonts, no telemetry, none of Scalar's hosted extras (MCP, developer toolbar).
// Opened from the console with a new test key (lib/console/docs-link), "Test request" sends it.
export function Reference() {
  // undefined until the fragment is read (in the browser only), so the reference starts with the key in place.
  const [apiKey, setApiKey] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    const key = keyFromFragment(window.location.hash);
    if (key) window.history.replaceState(null, "", window.location.pathname + window.location.search);
    setApiKey(key);
  }, []);
  if (apiKey === undefined) return null;
  return (
    <ApiReferenceReact
      configuration={
        {
          url: "/v1/openapi.json",
          withDefaultFonts: false,
          telemetry: false,
          showDeveloperTools: "never",
          showToolbar: "never",
          mcp: { disabled: true },
          agent: { disabled: true },
          ...(apiKey ? { authentication: { preferredSecurityScheme: "apiKey", securitySchemes: { apiKey: { token: apiKey } } } } : {}),
        } as never
      }
    />
  );
}
