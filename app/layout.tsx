import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";

export const metadata: Metadata = {
  title: { default: "Token Platform", template: "%s — Token Platform" },
  description: "Deploy and operate blockchain tokens through one API.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

// The console stylesheet is imported by the pages that use it (landing, sign-in/up, console), not here,
// so the API reference at /docs keeps its own look.
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
