import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Issue 35 item 6, decision 228: `npm run lint` runs scripts/check-css-scale.mjs, which refuses a literal
 * font-size, line-height, margin, padding or gap in the portal's sheets and names it by file:line.
 * Run as lint runs it: a node process, its exit code and what it prints.
 */
const FIXTURE = 'tests/fixtures/css-scale/off-scale.css'

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
    expect(reportedLines(err, FIXTURE)).toEqual([6, 7, 9, 12, 13, 14, 15, 16, 18, 19])
    expect(err).toContain(`${FIXTURE}:6: font-size: .95rem is not on the scale`)
    expect(err).toContain(`${FIXTURE}:14: custom property --gap holds the literal 10px outside :root`)
    expect(err).toContain('10 literal size(s) off the scale')
  })

  it('passes tokens, calc() of tokens, 0, 1px hairlines, percentages, auto, widths and borders, and a reasoned exemption', () => {
    const lines = readFileSync(FIXTURE, 'utf8').split('\n')
    const clean = [...lines.slice(0, 5), lines[16]].join('\n')
    expect(clean).toContain('off-scale: covers')
    const file = join(mkdtempSync(join(tmpdir(), 'css-scale-')), 'clean.css')
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
