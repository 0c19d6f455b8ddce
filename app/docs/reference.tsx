"use client";
import { ApiReferenceReact } from "@scalar/api-reference-react";
import "@scalar/api-reference-react/style.css";

// Offline-friendly: no web fonts, no telemetry, none of Scalar's hosted extras (MCP, developer toolbar).
export function Reference() {
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
        } as never
      }
    />
  );
}
