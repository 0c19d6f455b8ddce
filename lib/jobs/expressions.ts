// Inngest's CEL expressions: trigger `if`, waitForEvent `if`/`match` (`event` = the run's event,
// `async` = the incoming one) and concurrency keys.
import { parse, type ParseResult } from "@marcbachmann/cel-js";

const compiled = new Map<string, ParseResult>();

export function evaluate(expression: string, context: Record<string, unknown>): unknown {
  let program = compiled.get(expression);
  if (!program) compiled.set(expression, (program = parse(expression)));
  return program(context);
}

/** True when there is no expression or it evaluates to true; a missing field or bad expression is a non-match. */
export function matches(expression: string | undefined, context: Record<string, unknown>): boolean {
  if (!expression) return true;
  try {
    return evaluate(expression, context) === true;
  } catch {
    return false;
  }
}

/** Trigger names match exactly or by a trailing wildcard ("app/user.*" ↔ "app/user.created"). */
export function eventNameMatches(pattern: string, name: string): boolean {
  return pattern.endsWith("*") ? name.startsWith(pattern.slice(0, -1)) : pattern === name;
}
