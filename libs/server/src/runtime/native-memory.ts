/**
 * glibc malloc settings for a server process, given in its environment at spawn (glibc reads them only
 * when the process starts; Node cannot call mallopt). After a large block is freed, glibc raises its
 * mmap threshold (up to 32 MB), so later large blocks (argon2's 19 MiB per password hash, libvips's
 * image buffers) come from per-thread heaps that stay resident once freed: the demo seed's 36 sign-ups
 * and 164 illustrations left about 180 MB behind. A fixed 128 KiB threshold keeps such blocks as their
 * own mappings, returned to the system when freed; the small-block heaps are trimmed from 128 KiB.
 * Other C libraries ignore these variables.
 */
export const NATIVE_MEMORY_ENV: Readonly<Record<string, string>> = { MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_TRIM_THRESHOLD_: '131072' };
