/** The part of pako 1.x (zlib in JavaScript, which pdf-lib also uses) used here: streaming inflate (and deflate, for the tests' files). */
declare module 'pako' {
  class Inflate {
    constructor(options?: { chunkSize?: number })
    /** Each piece of output, as soon as a chunk of `chunkSize` bytes is full (or the stream ends). */
    onData: (chunk: Uint8Array) => void
    /** The stream ended: 0 when whole, a zlib error code otherwise. */
    onEnd: (status: number) => void
    push(data: Uint8Array, mode?: boolean): boolean
  }
  function deflate(data: Uint8Array): Uint8Array
  const pako: { Inflate: typeof Inflate; deflate: typeof deflate }
  export default pako
}
