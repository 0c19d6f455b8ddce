// Preloaded into the alto process (node --require): alto ends when the process that started it is gone,
// even if that process was killed without a chance to stop it (no orphan bundler after tests or dev).
// SIGKILL on itself: a plain process.exit() can hang in alto's exit handlers once its stdout reader is gone.
const { isMainThread } = require("node:worker_threads");
const parent = Number(process.env.ALTO_PARENT_PID);
if (parent && isMainThread) {
  setInterval(() => {
    try {
      process.kill(parent, 0);
    } catch {
      process.kill(process.pid, "SIGKILL");
    }
  }, 500).unref();
}
