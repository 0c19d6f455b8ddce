// GET /api/health — liveness for load balancers: constant JSON, no database, no auth.
export const dynamic = "force-dynamic";

export function GET() {
  return Response.json({ status: "ok" });
}
