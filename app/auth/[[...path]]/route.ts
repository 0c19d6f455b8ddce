// Any path under this prefix that no route file serves: 404 in the API's error envelope.
import { unmatchedMethods } from "@/lib/api/unmatched";

export const { GET, POST, PUT, PATCH, DELETE } = unmatchedMethods;
