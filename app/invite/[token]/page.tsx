import type { Metadata } from "next";
import Link from "next/link";
import { findInvitation } from "@/lib/team/invitations";
import { ROLE_ABILITIES, ROLE_LABELS } from "@/lib/core/roles";
import { Brand } from "@/components/Brand";
import { AcceptInvitationForm } from "./AcceptInvitationForm";
import "../../globals.css";

export const metadata: Metadata = { title: "Join your team", referrer: "no-referrer" };

const UNUSABLE = {
  accepted: "This invitation was used already. Sign in with the email and password chosen then.",
  revoked: "This invitation was revoked. Ask whoever invited you for a new link.",
  expired: "This invitation expired (links work for 7 days). Ask whoever invited you for a new link.",
} as const;

export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const invitation = await findInvitation(token);
  return (
    <main className="auth-page">
      <div className="card auth-card">
        <Brand />
        {!invitation ? (
          <>
            <h1>Invitation not found</h1>
            <p className="lead">This link is not a valid invitation. Check that you copied all of it, or ask for a new one.</p>
          </>
        ) : invitation.status !== "pending" ? (
          <>
            <h1>Invitation unavailable</h1>
            <p className="lead">{UNUSABLE[invitation.status]}</p>
          </>
        ) : (
          <>
            <h1>Join {invitation.company_name}</h1>
            <p className="lead">
              You are invited as <strong>{ROLE_LABELS[invitation.role]}</strong>: {ROLE_ABILITIES[invitation.role].charAt(0).toLowerCase() + ROLE_ABILITIES[invitation.role].slice(1)}
            </p>
            <AcceptInvitationForm token={token} email={invitation.email} />
          </>
        )}
        <p className="auth-foot">
          Already a member? <Link href="/sign-in">Sign in</Link>
        </p>
      </div>
    </main>
  );
}
