// Any path under this prefix that no route file serves: 404 in the API's error envelope.
export { GET, POST, PUT, PATCH, DELETE } from "@/lib/api/unmatched";
