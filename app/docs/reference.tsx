"use client";
import { ApiReferenceReact } from "@scalar/api-reference-react";
import "@scalar/api-reference-react/style.css";

export function Reference() {
  return (
    <ApiReferenceReact
      configuration={{ url: "/v1/openapi.json", withDefaultFonts: false, hideClientButton: false, telemetry: false } as never}
    />
  );
}
