import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Issue 35 item 6, decision 228: `npm run lint` runs scripts/check-css-scale.mjs, which refuses a literal
 * font-size, line-height, margin, padding or gap in the portal's sheets and names it by file:line.
 * Run as lint runs it: a node process, its exit code and what it prints.
 */
// The fixture: each line that ends in 'bad' must be reported with its line number. Written to a file and
// checked as a sheet (kept here, not as a .css file, so that the formatter leaves its one-line rules alone).
const FIXTURE_CSS = `/* line 1 */
:root { --space-2: .5rem; --text-sm: .875rem; }
.ok { margin: 0 auto; padding: var(--space-2) 0; gap: calc(-1 * var(--space-2)); font-size: var(--text-sm); }
.hairline { margin-top: 1px; padding: 0 10%; line-height: 1; }
.fine { width: 13px; border: 3px solid; min-height: 44px; }
.a { font-size: .95rem; } /* bad */
.b { margin: 0 0 1.25rem; } /* bad */
.c {
  padding:
    var(--space-2) 6px; /* bad (reported on the line the declaration starts, line 9) */
}
.d { gap: .5em 0; } /* bad */
.e { line-height: 1.2; } /* bad */
.f { --gap: 10px; } /* bad: a second scale in disguise */
.g { background: url("data:image/svg+xml,a;b{c:12px}"); margin-inline-start: 2ch; } /* bad */
.h { font: 600 14px/1.4 sans-serif; } /* bad */
.i { margin-bottom: -2px; /* off-scale: covers the list's border */ }
.j { padding-left: 3px; /* off-scale: */ } /* bad: an exemption needs its reason */
@media (min-width: 700px) { .k { padding: 12px; } } /* bad */
`
const dir = mkdtempSync(join(tmpdir(), 'css-scale-'))
const FIXTURE = join(dir, 'off-scale.css')
writeFileSync(FIXTURE, FIXTURE_CSS)
/** The fixture's name as the checker prints it (relative to where it runs). */
const SHOWN = relative(process.cwd(), FIXTURE)

function check(...files: string[]) {
  const run = spawnSync(process.execPath, ['scripts/check-css-scale.mjs', ...files], { encoding: 'utf8' })
  return { status: run.status, out: run.stdout, err: run.stderr }
}

/** The line numbers the checker reported for one file. */
const reportedLines = (err: string, file: string) =>
  err
    .split('\n')
    .filter((l) => l.startsWith(`${file}:`))
    .map((l) => Number(l.slice(file.length + 1).split(':')[0]))

describe('the css scale check', () => {
  it('names every literal size off the scale by file and line, and fails', () => {
    const { status, err } = check(FIXTURE)
    expect(status).toBe(1)
    // font-size .95rem, margin 1.25rem, padding 6px (a declaration over two lines: its first), gap .5em,
    // line-height 1.2, a custom property outside :root, a length beside a url() holding ';' and ':',
    // the font shorthand, an exemption without its reason, a rule inside @media.
    expect(reportedLines(err, SHOWN)).toEqual([6, 7, 9, 12, 13, 14, 15, 16, 18, 19])
    expect(err).toContain(`${SHOWN}:6: font-size: .95rem is not on the scale`)
    expect(err).toContain(`${SHOWN}:14: custom property --gap holds the literal 10px outside :root`)
    expect(err).toContain('10 literal size(s) off the scale')
  })

  it('passes tokens, calc() of tokens, 0, 1px hairlines, percentages, auto, widths and borders, and a reasoned exemption', () => {
    const lines = FIXTURE_CSS.split('\n')
    const clean = [...lines.slice(0, 5), lines[16]].join('\n')
    expect(clean).toContain('off-scale: covers')
    const file = join(dir, 'clean.css')
    writeFileSync(file, clean)
    const { status, out, err } = check(file)
    expect(err).toBe('')
    expect(status).toBe(0)
    expect(out).toMatch(/every size from the scale/)
  })

  it("holds for the portal's own sheets (static/app.css and static/css/*.css)", () => {
    const { status, out, err } = check()
    expect(err).toBe('')
    expect(status).toBe(0)
    expect(out).toMatch(/css scale: \d+ declarations in \d+ sheets/)
  })
})
