#!/usr/bin/env node
// `npm run css:scale` (in `npm run lint`): type and spacing come from one scale (issue 35 item 6, decision 228).
// In static/app.css and static/css/*.css a font-size, line-height, margin, padding or gap may hold only the
// scale's custom properties (var(--text-*), var(--space-*), var(--leading*)), calc() of them, 0, a 1px hairline,
// a percentage, auto or a keyword. A literal length (13px, .95rem, 1.1em...) is reported as file:line, and so
// is a custom property given a literal length outside :root, which would be a second scale in disguise.
// A length that belongs to something else (a border to cover) says so on its line: /* off-scale: why */.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'

const CHECKED =
  /^(font-size|line-height|margin|margin-(top|right|bottom|left|block|inline)(-(start|end))?|padding|padding-(top|right|bottom|left|block|inline)(-(start|end))?|gap|row-gap|column-gap|grid-gap|font)$/
const LENGTH = /(?<![\w-])(-?\d*\.?\d+)(px|rem|em|ex|ch|lh|rlh|cap|ic|vw|vh|vi|vb|vmin|vmax|svh|svw|lvh|lvw|dvh|dvw|pt|pc|cm|mm|q|in)\b/gi
const PLAIN_NUMBER = /(?<![\w.-])(-?\d*\.?\d+)(?![\w.%(])/g

/** The declarations of a sheet with their line and whether they sit directly in a :root rule. */
function declarations(css) {
  const out = []
  const stack = []
  let exempt = false
  let text = ''
  let start = 1
  let line = 1
  let quote = null
  let depth = 0
  const flush = (end) => {
    const raw = text.trim()
    text = ''
    const pendingExempt = exempt
    exempt = false
    if (end === '{') {
      stack.push(raw)
      return
    }
    const colon = raw.indexOf(':')
    if (raw && colon > 0 && !raw.startsWith('@')) {
      const selector = stack.at(-1) ?? ''
      const property = raw.slice(0, colon).trim().toLowerCase()
      out.push({ property, value: raw.slice(colon + 1).trim(), line: start, end: line, root: /^:root$/.test(selector), exempt: pendingExempt })
    }
    if (end === '}') stack.pop()
  }
  for (let i = 0; i < css.length; i++) {
    const ch = css[i]
    if (!quote && ch === '/' && css[i + 1] === '*') {
      const close = css.indexOf('*/', i + 2)
      const comment = css.slice(i, close < 0 ? css.length : close + 2)
      // The declaration it is written in, or the one it follows on the same line.
      if (/off-scale:\s*\w/.test(comment)) {
        if (text.trim()) exempt = true
        else if (out.at(-1)?.end === line) out.at(-1).exempt = true
      }
      line += comment.split('\n').length - 1
      i += comment.length - 1
      continue
    }
    if (ch === '\n') line++
    if (!text.trim() && !/\s/.test(ch)) start = line
    if (quote) {
      if (ch === '\\') {
        text += ch + css[++i]
        continue
      }
      if (ch === quote) quote = null
      text += ch
      continue
    }
    if (ch === '"' || ch === "'") quote = ch
    if (ch === '(') depth++
    if (ch === ')') depth--
    if (depth === 0 && (ch === '{' || ch === '}' || ch === ';')) {
      flush(ch)
      continue
    }
    text += ch
  }
  return out
}

/** Lengths that are allowed anywhere: nothing and a hairline. */
const allowedLength = (number, unit) => Number(number) === 0 || (Math.abs(Number(number)) === 1 && unit.toLowerCase() === 'px')

/** What is wrong with one declaration, or null. */
function problemOf({ property, value, root, exempt }) {
  if (exempt) return null
  const bare = value.replace(/url\([^)]*\)|"[^"]*"|'[^']*'/g, '')
  if (property.startsWith('--')) {
    if (root) return null
    const literal = [...bare.matchAll(LENGTH)].find(([, n, u]) => !allowedLength(n, u))
    return literal ? `custom property ${property} holds the literal ${literal[0]} outside :root` : null
  }
  if (!CHECKED.test(property)) return null
  const literal = [...bare.matchAll(LENGTH)].find(([, n, u]) => !allowedLength(n, u))
  if (literal) return `${property}: ${literal[0]} is not on the scale (use var(--text-*), var(--space-*))`
  if (property === 'line-height') {
    const number = [...bare.replace(/var\([^)]*\)/g, '').matchAll(PLAIN_NUMBER)].find(([, n]) => Number(n) !== 1 && Number(n) !== 0)
    if (number) return `line-height: ${number[0]} is not on the scale (use var(--leading*), or 1 for a glyph's own box)`
  }
  return null
}

/** Every problem in one sheet, as { line, message }. */
function checkSheet(css) {
  return declarations(css).flatMap((d) => {
    const message = problemOf(d)
    return message ? [{ line: d.line, message }] : []
  })
}

function sheets(root) {
  const css = join(root, 'static', 'css')
  return [
    join(root, 'static', 'app.css'),
    ...readdirSync(css)
      .filter((f) => f.endsWith('.css'))
      .sort()
      .map((f) => join(css, f)),
  ]
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // The sheets named on the command line (the checker's own test), else every sheet of the portal.
  const root = process.cwd()
  const files = process.argv.length > 2 ? process.argv.slice(2) : sheets(root)
  let count = 0
  let problems = 0
  for (const file of files) {
    const css = readFileSync(file, 'utf8')
    count += declarations(css).length
    for (const { line, message } of checkSheet(css)) {
      problems++
      console.error(`${relative(root, file)}:${line}: ${message}`)
    }
  }
  if (problems > 0) {
    console.error(`css scale: ${problems} literal size(s) off the scale`)
    process.exit(1)
  }
  console.log(`css scale: ${count} declarations in ${files.length} sheets, every size from the scale`)
}
