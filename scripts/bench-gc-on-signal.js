// Preloaded (with --expose-gc) into a process a bench measures: SIGUSR2 runs a full garbage collection, so a
// reading of its heap afterwards counts what is still held, not what the last GC happened to leave.
process.on('SIGUSR2', () => globalThis.gc?.());
