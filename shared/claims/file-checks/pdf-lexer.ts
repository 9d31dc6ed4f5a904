/**
 * The bytes of a PDF as its readers see them (ISO 32000-1 7.2-7.3), one byte at a time so that a file is
 * read as it streams and a token split across two chunks is still read whole. Three readers:
 * - NameSniffer: every name (/Something) wherever it stands, strings and comments included: what the
 *   refusal counts, as cautious as the scan of decision 164 was.
 * - PdfTokenizer: the tokens a viewer parses (strings and comments skipped), for the structure: objects,
 *   dictionaries, references and where a stream's data begins.
 * - ByteSequence and ObjectHeaderSpotter: the end of a stream's data ('endstream'), and text in it that a
 *   viewer could read as an object of its own ('12 0 obj').
 */

/** Whitespace (7.2.3) and delimiters (7.2.4): both end a name or a keyword; every other byte is regular. */
const WHITESPACE = 1
const DELIMITER = 2
const CLASS = new Uint8Array(256)
for (const b of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) CLASS[b] = WHITESPACE
for (const c of '()<>[]{}/%') CLASS[c.charCodeAt(0)] = DELIMITER

export const isWhitespace = (b: number): boolean => CLASS[b] === WHITESPACE

/** A name longer than this is none we look for; its further bytes are not kept. */
const LONGEST_NAME = 64

function hexValue(b: number): number {
  if (b >= 0x30 && b <= 0x39) return b - 0x30
  if (b >= 0x41 && b <= 0x46) return b - 0x41 + 10
  if (b >= 0x61 && b <= 0x66) return b - 0x61 + 10
  return -1
}

/** A name as a viewer reads it: #xx escapes decoded (/J#61vaScript is /JavaScript). */
function decodedName(bytes: Uint8Array, length: number): string {
  let out = ''
  for (let i = 0; i < length; i++) {
    const b = bytes[i]!
    const hi = b === 0x23 && i + 2 < length ? hexValue(bytes[i + 1]!) : -1
    const lo = hi >= 0 ? hexValue(bytes[i + 2]!) : -1
    if (lo >= 0) {
      out += String.fromCharCode(hi * 16 + lo)
      i += 2
    } else out += String.fromCharCode(b)
  }
  return out
}

/** The bytes of one name being read, at most LONGEST_NAME of them. */
class NameBytes {
  private readonly bytes = new Uint8Array(LONGEST_NAME)
  private length = 0
  private overflow = false

  reset(): void {
    this.length = 0
    this.overflow = false
  }

  add(b: number): void {
    if (this.length < LONGEST_NAME) this.bytes[this.length++] = b
    else this.overflow = true
  }

  /** The decoded name; '' for one too long to be any we look for. */
  read(): string {
    return this.overflow ? '' : decodedName(this.bytes, this.length)
  }
}

/** Every name in the bytes, strings and comments included; `onName` hears each as it ends. */
export class NameSniffer {
  private reading = false
  private readonly name = new NameBytes()

  constructor(private readonly onName: (name: string) => void) {}

  /** Not inside a name: only a slash matters next. */
  idle(): boolean {
    return !this.reading
  }

  byte(b: number): void {
    if (this.reading) {
      if (CLASS[b] === 0) return this.name.add(b)
      this.reading = false
      this.onName(this.name.read())
    }
    if (b === 0x2f) {
      this.reading = true
      this.name.reset()
    }
  }

  /** The bytes ended: a name running to the last one counts too. */
  end(): void {
    if (this.reading) {
      this.reading = false
      this.onName(this.name.read())
    }
  }
}

/** What the tokenizer hands on: a name, an integer, any other regular token, a bracket, or a string. */
export interface TokenSink {
  name(name: string): void
  int(value: number): void
  /** A keyword (obj, R, stream, true...) or a number that is not an integer. */
  word(word: string): void
  open(kind: 'dict' | 'array'): void
  close(kind: 'dict' | 'array'): void
  /** A string, literal or hexadecimal: a value whose bytes the structure does not need. */
  string(): void
}

/** The tokenizer's states. */
const Lex = { Normal: 0, Comment: 1, Literal: 2, Hex: 3, Name: 4, Word: 5, LessThan: 6, GreaterThan: 7 } as const

const LONGEST_WORD = 24

/** The tokens of PDF syntax, a byte at a time. */
export class PdfTokenizer {
  private state: number = Lex.Normal
  private depth = 0
  private escaped = false
  private readonly name = new NameBytes()
  private readonly word = new Uint8Array(LONGEST_WORD)
  private wordLength = 0

  constructor(private readonly sink: TokenSink) {}

  /** Reads one byte; returns true when it ended the keyword `stream` (the byte is its end of line, or not). */
  byte(b: number): boolean {
    switch (this.state) {
      case Lex.Name:
        if (CLASS[b] === 0) {
          this.name.add(b)
          return false
        }
        this.state = Lex.Normal
        this.sink.name(this.name.read())
        break
      case Lex.Word:
        if (CLASS[b] === 0) {
          if (this.wordLength < LONGEST_WORD) this.word[this.wordLength] = b
          this.wordLength++
          return false
        }
        this.state = Lex.Normal
        if (this.endWord()) return true
        break
      case Lex.Comment:
        if (b === 0x0a || b === 0x0d) this.state = Lex.Normal
        return false
      case Lex.Literal:
        if (this.escaped) this.escaped = false
        else if (b === 0x5c) this.escaped = true
        else if (b === 0x28) this.depth++
        else if (b === 0x29 && --this.depth === 0) {
          this.state = Lex.Normal
          this.sink.string()
        }
        return false
      case Lex.Hex:
        if (b === 0x3e) {
          this.state = Lex.Normal
          this.sink.string()
        }
        return false
      case Lex.LessThan:
        if (b === 0x3c) {
          this.state = Lex.Normal
          this.sink.open('dict')
        } else if (b === 0x3e) {
          this.state = Lex.Normal
          this.sink.string()
        } else this.state = Lex.Hex
        return false
      case Lex.GreaterThan:
        this.state = Lex.Normal
        if (b === 0x3e) {
          this.sink.close('dict')
          return false
        }
        break
      case Lex.Normal:
        break
    }
    this.normal(b)
    return false
  }

  private normal(b: number): void {
    switch (b) {
      case 0x25:
        this.state = Lex.Comment
        return
      case 0x28:
        this.state = Lex.Literal
        this.depth = 1
        return
      case 0x3c:
        this.state = Lex.LessThan
        return
      case 0x3e:
        this.state = Lex.GreaterThan
        return
      case 0x5b:
        this.sink.open('array')
        return
      case 0x5d:
        this.sink.close('array')
        return
      case 0x2f:
        this.state = Lex.Name
        this.name.reset()
        return
    }
    if (CLASS[b] === 0) {
      this.state = Lex.Word
      this.word[0] = b
      this.wordLength = 1
    }
  }

  /** The word just read; true when it is `stream`. Integers are read from the bytes (most words are). */
  private endWord(): boolean {
    const n = this.wordLength
    const w = this.word
    if (n > LONGEST_WORD) {
      this.sink.word('')
      return false
    }
    let i = w[0] === 0x2b || w[0] === 0x2d ? 1 : 0
    if (i < n && n - i <= 15) {
      let v = 0
      for (; i < n; i++) {
        const d = w[i]! - 0x30
        if (d < 0 || d > 9) break
        v = v * 10 + d
      }
      if (i === n) {
        this.sink.int(w[0] === 0x2d ? -v : v)
        return false
      }
    }
    const word = n === 1 && w[0] === 0x52 ? 'R' : String.fromCharCode(...w.subarray(0, n))
    if (word === 'stream') return true
    this.sink.word(word)
    return false
  }

  /** The bytes ended: a name or a word running to the last byte is read too. */
  end(): void {
    if (this.state === Lex.Name) this.sink.name(this.name.read())
    if (this.state === Lex.Word) this.endWord()
    this.state = Lex.Normal
  }
}

/** Finds a fixed byte sequence in bytes given one at a time (Knuth-Morris-Pratt). */
export class ByteSequence {
  private readonly fallback: number[]
  private matched = 0

  constructor(private readonly bytes: Uint8Array) {
    this.fallback = [0]
    for (let i = 1, k = 0; i < bytes.length; i++) {
      while (k > 0 && bytes[i] !== bytes[k]) k = this.fallback[k - 1]!
      if (bytes[i] === bytes[k]) k++
      this.fallback[i] = k
    }
  }

  /** Nothing of the sequence matched yet: only its first byte matters next. */
  idle(): boolean {
    return this.matched === 0
  }

  /** True when this byte completes the sequence. */
  byte(b: number): boolean {
    while (this.matched > 0 && b !== this.bytes[this.matched]) this.matched = this.fallback[this.matched - 1]!
    if (b === this.bytes[this.matched]) this.matched++
    if (this.matched < this.bytes.length) return false
    this.matched = 0
    return true
  }
}

/** The spotter's states: where in '12 0 obj' the bytes read so far stand. */
const Header = { Idle: 0, Number: 1, Space: 2, Generation: 3, Space2: 4, O: 5, B: 6, J: 7 } as const

/**
 * Spots '<number> <number> obj' in a stream's data: text that a viewer reading an object at that offset
 * (from the cross-reference table, or rebuilding it) would take for an object of its own. Whitespace
 * between may include comments, as for a viewer.
 */
export class ObjectHeaderSpotter {
  private state: number = Header.Idle
  private inComment = false
  seen = false

  /** Nothing of a header read yet: only a digit matters next. */
  idle(): boolean {
    return this.state === Header.Idle && !this.inComment
  }

  byte(b: number): void {
    if (this.inComment) {
      if (b === 0x0a || b === 0x0d) this.inComment = false
      return
    }
    const digit = b >= 0x30 && b <= 0x39
    const space = CLASS[b] === WHITESPACE
    switch (this.state) {
      case Header.Number:
      case Header.Generation:
        if (digit) return
        if (space || b === 0x25) {
          this.inComment = b === 0x25
          this.state = this.state === Header.Number ? Header.Space : Header.Space2
          return
        }
        break
      case Header.Space:
      case Header.Space2:
        if (space) return
        if (b === 0x25) {
          this.inComment = true
          return
        }
        if (digit) {
          // After two numbers, a third: the last two are the ones that count.
          this.state = Header.Generation
          return
        }
        if (b === 0x6f && this.state === Header.Space2) {
          this.state = Header.O
          return
        }
        break
      case Header.O:
        if (b === 0x62) {
          this.state = Header.B
          return
        }
        break
      case Header.B:
        if (b === 0x6a) {
          this.state = Header.J
          return
        }
        break
      case Header.J:
        if (CLASS[b] !== 0) this.seen = true
        break
      case Header.Idle:
        break
    }
    this.state = digit ? Header.Number : Header.Idle
  }

  /** The data ended right after 'obj'. */
  end(): void {
    if (this.state === Header.J) this.seen = true
  }
}
