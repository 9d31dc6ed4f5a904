import type { PDFDocument } from 'pdf-lib'

/**
 * A font subset's bytes, encoded synchronously. fontkit's own `encodeStream()` runs on a bundled
 * `process.nextTick` shim: one queue per isolate, drained by a timer set in whichever request queued
 * first, so under concurrent requests one request's PDF finished in another's context and the Workers
 * runtime refused it ('Cannot perform I/O on behalf of a different request') or cancelled it as hung.
 * Here the subset writes into memory (the same bytes: tests/unit/pdf-fonts.test.ts) and the stream
 * pdf-lib listens to answers in a microtask of the calling request.
 */
type Font = ReturnType<Parameters<PDFDocument['registerFontkit']>[0]['create']>
export type Subset = ReturnType<Font['createSubset']>
type SubsetStream = ReturnType<Subset['encodeStream']>

/** fontkit's encoder writes into this (restructure's EncodeStream interface, the parts a TrueType subset uses). */
class ByteWriter {
  pos = 0
  private buf = new Uint8Array(1 << 16)
  private view = new DataView(this.buf.buffer)

  bytes(): Uint8Array {
    return this.buf.slice(0, this.pos)
  }

  /** Makes room for n bytes at the end and returns where they start (may replace buf and view). */
  private room(n: number): number {
    if (this.pos + n > this.buf.length) {
      const next = new Uint8Array(Math.max(this.buf.length * 2, this.pos + n))
      next.set(this.buf)
      this.buf = next
      this.view = new DataView(next.buffer)
    }
    const at = this.pos
    this.pos += n
    return at
  }

  writeBuffer(bytes: Uint8Array): void {
    const at = this.room(bytes.length)
    this.buf.set(bytes, at)
  }

  writeString(text: string, encoding = 'ascii'): void {
    if (encoding === 'utf16be' || encoding === 'utf16le' || encoding === 'ucs2') {
      for (let i = 0; i < text.length; i++) {
        const at = this.room(2)
        this.view.setUint16(at, text.charCodeAt(i), encoding !== 'utf16be')
      }
    } else if (encoding === 'utf8') {
      this.writeBuffer(new TextEncoder().encode(text))
    } else {
      for (let i = 0; i < text.length; i++) {
        const at = this.room(1)
        this.view.setUint8(at, text.charCodeAt(i) & 0xff)
      }
    }
  }

  fill(value: number, length: number): void {
    const at = this.room(length)
    this.buf.fill(value, at, this.pos)
  }

  end(): void {}

  writeUInt24BE(v: number): void {
    this.writeBuffer(Uint8Array.of((v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff))
  }

  writeUInt24LE(v: number): void {
    this.writeBuffer(Uint8Array.of(v & 0xff, (v >>> 8) & 0xff, (v >>> 16) & 0xff))
  }

  writeInt24BE(v: number): void {
    this.writeUInt24BE(v < 0 ? v + 0x1000000 : v)
  }

  writeInt24LE(v: number): void {
    this.writeUInt24LE(v < 0 ? v + 0x1000000 : v)
  }
}

/** writeUInt8, writeUInt16BE, writeInt32LE, writeFloatBE, …: each on DataView's setter of that type. */
const NUMBERS: Array<[string, number, (view: DataView, at: number, v: number, le: boolean) => void]> = [
  ['UInt8', 1, (d, at, v) => d.setUint8(at, v)],
  ['Int8', 1, (d, at, v) => d.setInt8(at, v)],
  ['UInt16', 2, (d, at, v, le) => d.setUint16(at, v, le)],
  ['Int16', 2, (d, at, v, le) => d.setInt16(at, v, le)],
  ['UInt32', 4, (d, at, v, le) => d.setUint32(at, v, le)],
  ['Int32', 4, (d, at, v, le) => d.setInt32(at, v, le)],
  ['Float', 4, (d, at, v, le) => d.setFloat32(at, v, le)],
  ['Double', 8, (d, at, v, le) => d.setFloat64(at, v, le)],
]
const writers = ByteWriter.prototype as unknown as Record<string, (this: ByteWriter, v: number) => void>
for (const [type, size, set] of NUMBERS) {
  const names =
    size === 1
      ? [[type, false] as const]
      : ([
          [`${type}BE`, false],
          [`${type}LE`, true],
        ] as const)
  for (const [name, le] of names) {
    writers[`write${name}`] = function (this: ByteWriter, v: number) {
      const self = this as unknown as { room(n: number): number; view: DataView }
      const at = self.room(size) // first: it may replace the view
      set(self.view, at, v, le)
    }
  }
}

/** The subset's TrueType file, encoded now. */
export function encodeSubset(subset: Subset): Uint8Array {
  const writer = new ByteWriter()
  ;(subset as unknown as { encode(stream: ByteWriter): void }).encode(writer)
  return writer.bytes()
}

/** `createSubset` whose subsets encode synchronously (see above). */
export function withSyncEncoding(createSubset: () => Subset): () => Subset {
  return () => {
    const subset = createSubset()
    subset.encodeStream = () => {
      const on: Partial<Record<'data' | 'end' | 'error', (value: never) => unknown>> = {}
      const stream = {
        on(event: 'data' | 'end' | 'error', callback: (value: never) => unknown) {
          on[event] = callback
          return stream
        },
      }
      queueMicrotask(() => {
        try {
          on.data?.(encodeSubset(subset) as never)
          on.end?.(undefined as never)
        } catch (error) {
          on.error?.(error as never)
        }
      })
      return stream as unknown as SubsetStream
    }
    return subset
  }
}
