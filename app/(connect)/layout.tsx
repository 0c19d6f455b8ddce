// End-user pages of Connect (a tenant's users, not the console): their own minimal shell.
import type { ReactNode } from "react";
import "../globals.css";

export default function ConnectLayout({ children }: { children: ReactNode }) {
  return <main className="auth-page">{children}</main>;
}
