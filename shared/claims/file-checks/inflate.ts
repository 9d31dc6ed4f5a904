/// <reference path="./pako.d.ts" />
import pako from 'pako'

/**
 * A FlateDecode stream inflated as its bytes arrive, its output handed on in pieces of 16 KB and never
 * held (decision 204). Bounded: in memory (pako's 32 KB window and one piece), and in what it may
 * produce, so that a small file that inflates to gigabytes (a zip bomb) is stopped, not read.
 *
 * Not the runtime's DecompressionStream: workerd inflates everything one write gives it before the
 * reader can take any (compression.c++, 'does not yet implement any backpressure'), so a 256 KB chunk
 * of a bomb would become some 256 MB in the isolate at once.
 */

/** How the stream ended: whole, not readable (damaged, encrypted, not zlib), or stopped for its size. */
type InflateEnd = 'whole' | 'unreadable' | 'too-large'

/** Bytes an inflated stream may reach before its ratio is judged, and the ratio it may not pass then. */
const RATIO_FROM = 1024 * 1024
const MAX_RATIO = 100

/** What a file's inflated streams may add up to: taken from as they inflate. */
export interface InflateBudget {
  left: number
}

const TOO_LARGE = new Error('inflates too far')

export class BoundedInflate {
  private readonly inflate = new pako.Inflate({ chunkSize: 16 * 1024 })
  private ending: InflateEnd | null = null
  private taken = 0
  private given = 0

  constructor(onData: (piece: Uint8Array) => void, budget: InflateBudget) {
    this.inflate.onData = (piece) => {
      this.given += piece.length
      budget.left -= piece.length
      if (budget.left < 0 || (this.given > RATIO_FROM && this.given > MAX_RATIO * this.taken)) throw TOO_LARGE
      onData(piece)
    }
    this.inflate.onEnd = (status) => {
      this.ending ??= status === 0 ? 'whole' : 'unreadable'
    }
  }

  push(bytes: Uint8Array): void {
    if (this.ending !== null || bytes.length === 0) return
    this.taken += bytes.length
    try {
      this.inflate.push(bytes, false)
    } catch (err) {
      this.ending = err === TOO_LARGE ? 'too-large' : 'unreadable'
    }
  }

  /** The stream's bytes have all come: a stream that did not reach its end is not readable. */
  finish(): InflateEnd {
    return this.ending ?? 'unreadable'
  }
}
