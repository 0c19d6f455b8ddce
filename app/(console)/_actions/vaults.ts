"use server";
import "@/lib/composition"; // reads go through lib/chain, which needs the domains registered
import { submitForm } from "@/lib/console/actions";
import { preview } from "@/lib/vaults/service";

/** The vault page's preview box: ERC-4626 preview* of an amount for an action, read on chain. */
export async function vaultPreviewAction(id: string, formData: FormData) {
  return submitForm("vaultPreview", formData, (c, input) => preview(c.scope, id, input));
}
