// An action's error where it happened, announced (role="alert"); nothing while there is none. `small`: inline,
// beside a table's buttons; else a paragraph.
export function ErrorAlert({ error, small = false, testId }: { error: string | null; small?: boolean; testId?: string }) {
  if (!error) return null;
  return small ? (
    <span className="notice notice-danger small" role="alert" data-testid={testId}>
      {error}
    </span>
  ) : (
    <p className="notice notice-danger" role="alert" data-testid={testId}>
      {error}
    </p>
  );
}
