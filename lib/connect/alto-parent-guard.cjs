// Preloaded into the alto process (node --require): alto ends when the process that started it is gone,
// even if that process was killed without a chance to stop it (no orphan bundler after tests or dev).
const parent = Number(process.env.ALTO_PARENT_PID);
if (parent) {
  setInterval(() => {
    try {
      process.kill(parent, 0);
    } catch {
      process.exit(0);
    }
  }, 500).unref();
}
