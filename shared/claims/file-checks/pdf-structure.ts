import type { TokenSink } from './pdf-lexer'

/**
 * What the PDF scan needs from a file's structure (decision 204), read from its tokens as they pass:
 * - each stream's dictionary (is its data an object stream, and how is it compressed);
 * - which web-address actions (/S /URI) run on their own: a link a person clicks may open a web address
 *   (the viewer asks first), an /OpenAction that runs when the file opens may not. An open action given
 *   by reference, or one that chains further actions by /Next, is resolved at the end of the file,
 *   across objects and object streams, from what ActionLinks kept.
 */

/** An object whose number is not known (an object stream whose /First is not a plain number). */
export const UNKNOWN_OBJECT = -1

/** References kept at most (each a number or two); a file with more is judged without them, cautiously. */
const MAX_LINKS = 100_000

/** Automatic actions and web-address actions across the file, resolved at its end. */
export class ActionLinks {
  /** A web-address action written inside an automatic action. */
  direct = false
  private readonly automatic = new Set<number>()
  private readonly uriObjects = new Set<number>()
  private readonly next = new Map<number, number[]>()
  private kept = 0
  private overflow = false

  private room(): boolean {
    if (this.kept >= MAX_LINKS) this.overflow = true
    else this.kept++
    return !this.overflow
  }

  /** The object (by reference) that an open action, or an automatic action's /Next, runs. */
  runsOnItsOwn(object: number): void {
    if (this.room()) this.automatic.add(object)
  }

  /** An object holding a web-address action. */
  opensWebAddress(object: number): void {
    if (this.room()) this.uriObjects.add(object)
  }

  /** An action in `from` runs the action `to` after it (/Next). */
  chains(from: number, to: number): void {
    if (!this.room()) return
    const list = this.next.get(from)
    if (list) list.push(to)
    else this.next.set(from, [to])
  }

  /** Whether an action that runs on its own opens a web address, directly or down a chain of /Next. */
  automaticWebAddress(): boolean {
    if (this.direct) return true
    if (this.automatic.size === 0) return false
    if (this.overflow || this.uriObjects.has(UNKNOWN_OBJECT)) return true
    const seen = new Set<number>()
    const todo = [...this.automatic]
    while (todo.length > 0) {
      const object = todo.pop()!
      if (seen.has(object)) continue
      seen.add(object)
      if (this.uriObjects.has(object)) return true
      todo.push(...(this.next.get(object) ?? []))
    }
    return false
  }
}

/** What a stream's dictionary says about its data. */
export interface StreamDict {
  /** The data holds objects: /Type /ObjStm, or a /First (which a viewer reading it as objects needs). */
  objects: boolean
  /** /First: where the objects begin after the table of their numbers and offsets; null when not a plain number. */
  first: number | null
  /** The filters in order; null when given in a way not read here (a reference). */
  filters: string[] | null
  /** /DecodeParms asks for a predictor, which would rearrange the decoded bytes. */
  predictor: boolean
}

interface Frame {
  dict: boolean
  /** A dictionary's key whose value comes next (null: a key comes next); an array's key in its owner. */
  key: string | null
  /** The dictionary an array is a value of. */
  owner: Frame | null
  /** Inside an action that runs on its own (an /OpenAction dictionary, or what it chains). */
  auto: boolean
  type: string | null
  first: number | null
  hasFirst: boolean
  filters: string[] | null
  predictor: boolean
}

type Value = { kind: 'name'; name: string } | { kind: 'int'; n: number } | { kind: 'ref'; n: number } | { kind: 'open'; frame: Frame } | { kind: 'other' }

const frame = (dict: boolean, key: string | null, owner: Frame | null, auto: boolean): Frame => ({
  dict,
  key,
  owner,
  auto,
  type: null,
  first: null,
  hasFirst: false,
  filters: [],
  predictor: false,
})

/**
 * Follows the tokens of a file (or of an object stream's objects): the dictionaries and arrays open,
 * the object being read, and what ActionLinks needs. `objectAt` gives the object being read inside an
 * object stream; without it, the object is the one whose header ('12 0 obj') came last.
 */
export class StructureTracker implements TokenSink {
  private frames: Frame[] = []
  /** Integers not yet known to be values or the start of a reference ('12 0 R'). */
  private ints: number[] = []
  private object = UNKNOWN_OBJECT
  /** A dictionary just closed at the top level, no token since: a stream's dictionary if `stream` follows. */
  private closed: Frame | null = null

  constructor(
    private readonly links: ActionLinks,
    private readonly objectAt: (() => number) | null = null,
  ) {}

  /** The dictionary of the stream whose keyword was just read; null when `stream` followed no dictionary. */
  streamDict(): StreamDict | null {
    const f = this.closed
    this.closed = null
    if (!f) return null
    return { objects: f.hasFirst || f.type === 'ObjStm', first: f.first, filters: f.filters, predictor: f.predictor }
  }

  name(name: string): void {
    this.flush()
    this.deliver({ kind: 'name', name })
  }

  int(n: number): void {
    this.closed = null
    if (this.ints.length === 2) this.deliver({ kind: 'int', n: this.ints.shift()! })
    this.ints.push(n)
  }

  word(word: string): void {
    if (word === 'R' && this.ints.length === 2) {
      const n = this.ints[0]!
      this.ints = []
      this.closed = null
      return this.deliver({ kind: 'ref', n })
    }
    if (word === 'obj' || word === 'endobj') {
      // Each object is read on its own, as a viewer does.
      if (word === 'obj' && this.ints.length === 2) this.object = this.ints[0]!
      this.ints = []
      this.frames = []
      this.closed = null
      return
    }
    this.flush()
    this.deliver({ kind: 'other' })
  }

  string(): void {
    this.flush()
    this.deliver({ kind: 'other' })
  }

  open(kind: 'dict' | 'array'): void {
    this.flush()
    const parent = this.frames.at(-1) ?? null
    const child = frame(kind === 'dict', null, null, parent?.auto ?? false)
    this.deliver({ kind: 'open', frame: child })
    this.frames.push(child)
  }

  close(kind: 'dict' | 'array'): void {
    this.flush()
    const at = this.frames.findLastIndex((f) => f.dict === (kind === 'dict'))
    if (at === -1) return
    const f = this.frames[at]!
    this.frames.length = at
    const parent = this.frames.at(-1)
    if (parent && f.predictor) parent.predictor = true
    if (f.dict && !parent) this.closed = f
  }

  /** Integers held back are plain values after all. */
  private flush(): void {
    this.closed = null
    for (const n of this.ints) this.deliver({ kind: 'int', n })
    this.ints = []
  }

  private current(): number {
    return this.objectAt ? this.objectAt() : this.object
  }

  private deliver(v: Value): void {
    const f = this.frames.at(-1)
    if (!f) return
    if (!f.dict) return this.element(f, v)
    if (f.key === null) {
      if (v.kind === 'name') f.key = v.name
      return
    }
    const key = f.key
    f.key = null
    this.value(f, key, v)
  }

  private value(f: Frame, key: string, v: Value): void {
    if (v.kind === 'open') {
      v.frame.key = v.frame.dict ? null : key
      v.frame.owner = f
      if (v.frame.dict && key === 'OpenAction') v.frame.auto = true
      if (key === 'Filter' && v.frame.dict) f.filters = null
      return
    }
    switch (key) {
      case 'Type':
        if (v.kind === 'name') f.type = v.name
        return
      case 'S':
        if (v.kind === 'name' && v.name === 'URI') this.webAddress(f)
        return
      case 'Filter':
        if (v.kind === 'name') f.filters?.push(v.name)
        else f.filters = null
        return
      case 'First':
        f.hasFirst = true
        if (v.kind === 'int') f.first = v.n
        return
      case 'Predictor':
        if (v.kind === 'int' && v.n > 1) f.predictor = true
        return
      case 'OpenAction':
        if (v.kind === 'ref') this.links.runsOnItsOwn(v.n)
        return
      case 'Next':
        if (v.kind === 'ref') this.chained(f.auto, v.n)
        return
    }
  }

  private element(a: Frame, v: Value): void {
    if (v.kind === 'open') return
    if (a.key === 'Filter' && a.owner) {
      if (v.kind === 'name') a.owner.filters?.push(v.name)
      else a.owner.filters = null
    }
    if (a.key === 'Next' && v.kind === 'ref') this.chained(a.auto, v.n)
  }

  private chained(auto: boolean, to: number): void {
    if (auto) this.links.runsOnItsOwn(to)
    else this.links.chains(this.current(), to)
  }

  private webAddress(f: Frame): void {
    if (f.auto) this.links.direct = true
    else this.links.opensWebAddress(this.current())
  }
}
