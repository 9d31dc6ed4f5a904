/**
 * A script island's texts in the page's language (issue 36, decision 231): the page renders a map from
 * the English text to its own language as JSON in the island's markup (`<script type="application/json"
 * data-island-texts>`); an English page renders none. `say` gives a text in the page's language: the
 * island's own checks and the /v1 answers (English) alike.
 */
export function islandTexts(root: HTMLElement): (english: string) => string {
  const raw = root.querySelector('script[data-island-texts]')?.textContent
  let texts: Record<string, unknown> = {}
  try {
    texts = raw ? (JSON.parse(raw) as Record<string, unknown>) : {}
  } catch {
    texts = {}
  }
  return (english) => {
    const said = Object.hasOwn(texts, english) ? texts[english] : undefined
    return typeof said === 'string' ? said : english
  }
}
