// The API reference link: a test secret travels in the fragment and is read back; anything else is not taken.
import { describe, expect, it } from "vitest";
import { docsWithKey, keyFromFragment } from "./docs-link";

describe("API reference link with a key", () => {
  it("carries a test secret in the fragment, and reads only a test secret back", () => {
    const secret = "sk_test_0123456789abcdefABCDEF0123456789";
    expect(docsWithKey(secret)).toBe(`/docs#api_key=${secret}`);
    expect(keyFromFragment(new URL(`http://x${docsWithKey(secret)}`).hash)).toBe(secret);
    expect(keyFromFragment("#api_key=sk_live_0123456789abcdef")).toBeNull();
    expect(keyFromFragment("#api_key=sk_test_<script>")).toBeNull();
    expect(keyFromFragment("")).toBeNull();
  });
});
