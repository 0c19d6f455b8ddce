// Effects of token transactions when they end (filled in by the tokens area).
import type { TxEffectHandler } from "@/lib/chain/effects";

export const tokenEffects: Record<string, TxEffectHandler> = {};
