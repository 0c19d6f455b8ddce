// /docs — interactive API reference rendered from /v1/openapi.json (bundled; works offline).
import type { Metadata } from "next";
import { Reference } from "./reference";

export const metadata: Metadata = { title: "API reference — Token Platform" };

export default function DocsPage() {
  return <Reference />;
}
