// GET /metrics — Prometheus metrics, for a bearer holding METRICS_TOKEN (lib/observability/scrape)
import { metricsResponse } from "@/lib/observability/scrape";

export const dynamic = "force-dynamic";
export const GET = metricsResponse;
