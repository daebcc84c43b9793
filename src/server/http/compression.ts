import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers below this size go out as they are: compressing them saves less than it costs. */
const THRESHOLD = 1024;
/** Compressed forms of recent answers kept, and the largest answer kept. */
const REMEMBERED = 64;
const REMEMBERED_MAX_BYTES = 32 * 1024;

type CompressSync<O> = (payload: Buffer, options?: O) => Buffer;

/**
 * An answer that repeats byte for byte (the menu of an audience, a list asked again) is compressed
 * once: its compressed form is kept, keyed by the answer itself (no two answers share a key).
 */
function remembering<O>(compressSync: CompressSync<O>): CompressSync<O> {
  const kept = new Map<string, Buffer>();
  return (payload, options) => {
    if (payload.length > REMEMBERED_MAX_BYTES) return compressSync(payload, options);
    const key = payload.toString('latin1');
    let compressed = kept.get(key);
    if (compressed) {
      kept.delete(key);
    } else {
      compressed = compressSync(payload, options);
      if (kept.size >= REMEMBERED) kept.delete(kept.keys().next().value as string);
    }
    kept.set(key, compressed);
    return compressed;
  };
}

/**
 * JSON and HTML answers over 1 KB go out compressed, gzip first (every browser takes it, and for an
 * answer made per call it costs a third of brotli's default), brotli when only that is accepted.
 * The portal's files are compressed once by the build and served as they are (routes/portal.ts):
 * an answer that already has a Content-Encoding is left alone.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    threshold: THRESHOLD,
    encodings: ['gzip', 'br'],
    zlib: {
      ...zlib,
      gzipSync: remembering(zlib.gzipSync),
      brotliCompressSync: remembering(zlib.brotliCompressSync),
    },
  });
}
