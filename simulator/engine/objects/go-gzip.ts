import { crc32 } from 'node:zlib';
import { Deflater } from './go-flate/deflate.js';
import { GoGzipError } from './go-flate/errors.js';

export { GoGzipError, type GoGzipErrorCode } from './go-flate/errors.js';

/**
 * Go's compress/gzip writer at DefaultCompression (Go 1.26, src/compress/gzip/gzip.go over
 * src/compress/flate), byte for byte: what dockerd 29.x (Go 1.26) stores for a plain layer it
 * imports (moby daemon/containerd/image_import.go compressAndWriteBlob: gzip.NewWriter, io.Copy, Close).
 */

/** The header gzip.NewWriter writes: no extra, name or comment, ModTime zero, no level hint, OS 255 ("unknown"). */
const HEADER = Uint8Array.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255]);
const TRAILER_BYTES = 8;

/**
 * gzip.Writer from NewWriter: each write is one Write call, close is Close. How the input is cut
 * into writes can, rarely, change the output: Go's window slides at the first fill after its index
 * reaches 65274, and a write that leaves the window short of full can make that happen at 65274
 * itself, before that position is matched, hiding from it the bytes 32507 to 32768 back. moby's
 * io.Copy passes on each read of the request body as one write; one Write of everything, as
 * goGzip does, is the same as reads of 32 KiB each.
 */
export class GoGzipWriter {
  private readonly deflater = new Deflater();
  private digest = 0;
  private size = 0;
  private closed = false;

  /** gzip.Writer.Write: the CRC-32 and the length modulo 2^32 of the input, then flate's Write. */
  write(chunk: Uint8Array): void {
    if (this.closed) throw new GoGzipError('GO_GZIP_CLOSED', 'go-gzip: write after close');
    this.digest = crc32(chunk, this.digest);
    this.size = (this.size + chunk.length) % 2 ** 32;
    this.deflater.write(chunk);
  }

  /** gzip.Writer.Close: the whole stream, header, deflate data and trailer (CRC-32, size, little-endian). */
  close(): Buffer {
    if (this.closed) throw new GoGzipError('GO_GZIP_CLOSED', 'go-gzip: closed twice');
    this.closed = true;
    const deflated = this.deflater.close();
    const out = Buffer.allocUnsafe(HEADER.length + deflated.length + TRAILER_BYTES);
    out.set(HEADER, 0);
    out.set(deflated, HEADER.length);
    out.writeUInt32LE(this.digest, HEADER.length + deflated.length);
    out.writeUInt32LE(this.size, HEADER.length + deflated.length + 4);
    return out;
  }
}

/** The bytes of Go 1.26's `gzip.NewWriter(w)`, one `Write(data)`, `Close()`. */
export function goGzip(data: Uint8Array): Buffer {
  const writer = new GoGzipWriter();
  writer.write(data);
  return writer.close();
}
