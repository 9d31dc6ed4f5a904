/**
 * `npm run texts:es`: every text of every catalog (issue 36, decision 229) in English and in Spanish, written
 * to docs/spanish-texts.md for product review, with the glossary first. A catalog is an export of the form
 * { en, es } made by defineTexts in any module under shared/, worker/ or islands/; after them the schemas'
 * messages-es maps and the policy record's words (shared/policy/policy-words.ts). A text that shows values is
 * printed with its values named {1}, {2}, ...; run with --check to fail when the file is out of date.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'
import { POLICY_WORDS_ES } from '../shared/policy/policy-words'
import { GLOSSARY } from './spanish-glossary'

const ROOT = join(import.meta.dirname, '..')
const OUT = join(ROOT, 'docs/spanish-texts.md')

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name)
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dev' ? [] : sourceFiles(path)
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [path] : []
  })
}

function shown(text: unknown): string {
  if (typeof text === 'string') return text
  if (typeof text === 'function') {
    try {
      return String(text(...Array.from({ length: text.length }, (_, i) => `{${i + 1}}`)))
    } catch {
      return '(written from its values)'
    }
  }
  return String(text)
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ')

function isCatalog(value: unknown): value is { en: Record<string, unknown>; es: Record<string, unknown> } {
  if (!value || typeof value !== 'object') return false
  const v = value as Record<string, unknown>
  return Object.keys(v).length === 2 && typeof v.en === 'object' && typeof v.es === 'object' && v.en !== null && v.es !== null
}

const files = ['shared', 'worker', 'islands'].flatMap(sourceFiles).filter((f) => readFileSync(join(ROOT, f), 'utf8').includes('defineTexts('))
const sections: string[] = []
let count = 0
for (const file of files.sort()) {
  const mod = (await import(pathToFileURL(join(ROOT, file)).href)) as Record<string, unknown>
  for (const [name, value] of Object.entries(mod)) {
    if (!isCatalog(value)) continue
    const rows = Object.keys(value.en).map((key) => `| ${key} | ${cell(shown(value.en[key]))} | ${cell(shown(value.es[key]))} |`)
    count += rows.length
    sections.push(`### ${name} (\`${relative(ROOT, join(ROOT, file))}\`)\n\n| key | English | Español |\n|---|---|---|\n${rows.join('\n')}\n`)
  }
}
/** A map from the English to the Spanish, printed as one section: the messages-es maps, the policy words. */
function mapSection(name: string, file: string, kind: string, map: Readonly<Record<string, unknown>>): string {
  const rows = Object.entries(map).map(([en, es]) => `| ${cell(en)} | ${cell(String(es))} |`)
  count += rows.length
  return `### ${name} (\`${file}\`, ${kind})\n\n| English | Español |\n|---|---|\n${rows.join('\n')}\n`
}
// The schemas' messages in Spanish (shared/<area>/messages-es.ts): maps from the spec's English text.
const messageFiles = ['shared'].flatMap(sourceFiles).filter((f) => f.endsWith('messages-es.ts'))
for (const file of messageFiles.sort()) {
  const mod = (await import(pathToFileURL(join(ROOT, file)).href)) as Record<string, unknown>
  for (const [name, value] of Object.entries(mod)) {
    // A map from the English to the Spanish: not a list (REPORT_FORM_MESSAGES names the English an island may show).
    if (!value || typeof value !== 'object' || Array.isArray(value)) continue
    sections.push(mapSection(name, file, 'messages', value as Record<string, unknown>))
  }
}
// The words the policy record carries (statuses, perils, marital statuses), as the policy and claim pages show them.
sections.push(mapSection('POLICY_WORDS_ES', 'shared/policy/policy-words.ts', 'policy words', POLICY_WORDS_ES))
const glossary = GLOSSARY.map(([en, es]) => `| ${en} | ${es} |`).join('\n')
const text = `# The portal's texts in English and Spanish (generated)

Written by \`npm run texts:es\` from the catalogs (decision 229); do not edit by hand. ${count} texts. The
English of the specs is theirs, verbatim; the Spanish is for product review: usted, one term per concept.

## Glossary

| English | Español |
|---|---|
${glossary}

## Catalogs

${sections.join('\n')}`
if (process.argv.includes('--check')) {
  if (readFileSync(OUT, 'utf8') !== text) {
    console.error('docs/spanish-texts.md is out of date: run npm run texts:es')
    process.exit(1)
  }
} else {
  writeFileSync(OUT, text)
  console.log(`docs/spanish-texts.md: ${count} texts in ${sections.length} catalogs`)
}
