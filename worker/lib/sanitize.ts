import * as xssModule from 'xss'

// xss is CommonJS: bundlers expose FilterXSS either as a named export or on the default export.
const FilterXSS: typeof xssModule.FilterXSS = xssModule.FilterXSS ?? (xssModule as unknown as { default: typeof xssModule }).default.FilterXSS

/** Allow-list sanitizer for server HTML that comes from data (system messages, acknowledgements). */
const filter = new FilterXSS({
  whiteList: {
    p: [],
    br: [],
    // class only as 'reference' (onTagAttr): the emphasised claim number that never wraps
    strong: ['class'],
    b: [],
    em: [],
    i: [],
    u: [],
    ul: [],
    ol: [],
    li: [],
    span: [],
    // A name someone typed (a file name), isolated from the sentence around it; never tel-linked.
    bdi: [],
    a: ['href', 'title'],
    h2: [],
    h3: [],
    h4: [],
  },
  stripIgnoreTag: true,
  stripIgnoreTagBody: ['script', 'style'],
  onTagAttr(tag: string, name: string, value: string) {
    if (tag === 'a' && name === 'href' && !/^(https:|mailto:|tel:|\/)/i.test(value.trim())) return ''
    if (tag === 'strong' && name === 'class') return value === 'reference' ? 'class="reference"' : ''
    return undefined
  },
})

export function sanitizeHtml(html: string): string {
  return filter.process(html)
}
