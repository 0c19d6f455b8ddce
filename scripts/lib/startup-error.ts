/** A part of the local stack failed to start; the message is the one line to show: the part and the fix. */
export class StartupError extends Error {}
