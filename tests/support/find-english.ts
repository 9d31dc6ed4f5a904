/**
 * Issue 36's untranslated-text check: the English a Spanish page still shows. Reads what a person reads
 * (text, and the attributes a screen reader or the browser shows: aria-label, title, alt, placeholder, a
 * button's value) and an island's props (escaped JSON after its marker, the texts it will show), and
 * returns each run of text holding a common English word that is not also Spanish. Names, numbers,
 * addresses and the short allowlist pass.
 */
const ENGLISH_WORDS = new Set(
  (
    'the and your you are is was were this that these those with for from have has had will would should ' +
    'can could please here there when where which what who how why not our we they them their its it ' +
    'of to at by on or if an be been being do does did done make made pay paid payment payments policy policies ' +
    'claim claims date amount due account sign signed out back next previous continue cancel submit save ' +
    'close open view download send sent print help contact call phone email address name number first last ' +
    'home summary documents document information agent coverage coverages deductible premium history ' +
    'report loss damage required enter select choose yes error success pending declined approved ' +
    'welcome hello thank thanks about more less new old all any each every other only also just ' +
    'page menu skip main content policyholder password user profile settings notifications language ' +
    'total balance method card bank routing check today tomorrow day days month months year years ' +
    'before after while until again try another online now later soon time minutes minute hours hour'
  ).split(' '),
)

/** Words both languages write (so never proof of English): 'no', 'a', 'e', 'y' are Spanish words too. */
const DEFAULT_ALLOW = ['ProgHome', 'Progressive', 'ZIP', 'PDF', 'OK', 'email']

const ENTITY: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'", '#x27': "'" }

function decode(s: string): string {
  return s.replace(
    /&(#?\w+);/g,
    (m, e: string) =>
      ENTITY[e] ?? (e.startsWith('#x') ? String.fromCodePoint(parseInt(e.slice(2), 16)) : e.startsWith('#') ? String.fromCodePoint(Number(e.slice(1))) : m),
  )
}

/** The texts of a page a person can read or hear. */
function readableTexts(html: string): string[] {
  const texts: string[] = []
  for (const m of html.matchAll(/\s(?:aria-label|title|alt|placeholder|aria-description)="([^"]*)"/g)) texts.push(decode(m[1]!))
  for (const m of html.matchAll(/<(?:input|button)[^>]*\stype="(?:submit|button)"[^>]*\svalue="([^"]*)"/g)) texts.push(decode(m[1]!))
  for (const m of html.matchAll(/<title>([^<]*)<\/title>/g)) texts.push(decode(m[1]!))
  // An island's props: escaped JSON in a <script type="application/json"> after its marker.
  for (const m of html.matchAll(/<script type="application\/json"[^>]*>([^<]*)<\/script>/g)) {
    try {
      collectStrings(JSON.parse(decode(m[1]!)), texts)
    } catch {
      texts.push(decode(m[1]!))
    }
  }
  const body = html
    .replace(/<head>[\s\S]*?<\/head>/, '')
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, '\n')
  for (const line of body.split('\n')) {
    const t = decode(line).trim()
    if (t) texts.push(t)
  }
  return texts
}

function collectStrings(value: unknown, out: string[]): void {
  if (typeof value === 'string') out.push(value)
  else if (Array.isArray(value)) for (const v of value) collectStrings(v, out)
  else if (value && typeof value === 'object') for (const v of Object.values(value)) collectStrings(v, out)
}

/** Each readable text of `html` that holds an English word, allowlisted phrases removed first. */
export function findEnglish(html: string, allow: readonly string[] = []): string[] {
  const allowed = [...DEFAULT_ALLOW, ...allow]
  const found = new Set<string>()
  for (const text of readableTexts(html)) {
    let t = text
    for (const a of allowed) t = t.split(a).join(' ')
    // Identifiers, URLs, paths and addresses' letters are not prose.
    // A code a person types or reads out ('YS6M-BACK-JK67'): its letters are random, not words.
    t = t.replace(/\b[A-Z0-9]{4}(?:-[A-Z0-9]{4})+\b/g, ' ')
    // An island text's placeholders ('{name}', '{amount}'): fill() puts the value in when it shows the text.
    t = t.replace(/\{\w+\}/g, ' ')
    t = t.replace(/https?:\/\/\S+|\/[\w\-/.?=&]*|\b[\w.+-]+@[\w.-]+\b|\b[A-Z]{2,}\d+\b/g, ' ')
    const words = t.toLowerCase().match(/[\p{L}']+/gu) ?? []
    if (words.some((w) => ENGLISH_WORDS.has(w))) found.add(text)
  }
  return [...found]
}
