// An end user's link with a publishable key that is unknown or revoked: a 404 in the product's look that says
// so in their words (the link is wrong, or the application is no longer available), nothing internal.
export default function ConnectNotFound() {
  return (
    <div className="card auth-card" data-testid="connect-not-found">
      <span className="brand">
        <span className="brand-mark" aria-hidden="true">
          T
        </span>
        Token Platform
      </span>
      <h1>This link does not work</h1>
      <p className="lead">The link is wrong, or the application it opens is no longer available.</p>
      <p className="muted">Check that you have the whole link, or ask the application that gave it to you for a new one.</p>
    </div>
  );
}
