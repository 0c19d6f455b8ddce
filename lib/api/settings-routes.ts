// The route handlers of /v1/settings/{cors,oauth,passkeys,connect}: every section is read by GET and updated
// partially by PUT, and by POST, which the spec lists with 201 and no purpose of its own (the same update).
import type { z } from "zod";
import { api } from "@/lib/api/handler";
import { getSection, patchSection } from "@/lib/connect/settings/service";

type Section = Parameters<typeof getSection>[1];

/** GET, PUT and POST of one section; `title` is the GET's summary, the updates' say "Update <title> …". */
export function settingsRoutes(section: Section, title: string, schemas: { body: z.ZodType<Record<string, unknown>>; response: z.ZodType }, errors?: Record<number, string>) {
  const { body, response } = schemas;
  const tags = ["settings"] as const;
  return {
    GET: api({ auth: "api_key", summary: title, response, tags }, ({ scope }) => getSection(scope, section)),
    PUT: api({ auth: "api_key", summary: `Update ${title} (partial: only the fields sent change)`, body, response, errors, tags }, ({ scope, body }) =>
      patchSection(scope, section, body)),
    POST: api({ auth: "api_key", summary: `Update ${title} (same as PUT)`, body, response, status: 201, errors, tags }, ({ scope, body }) =>
      patchSection(scope, section, body)),
  };
}
