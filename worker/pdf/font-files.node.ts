import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

/** The PDF fonts' bytes in node (unit tests, `npm run db:seed` under tsx): read from the installed package. */
const resolve = createRequire(import.meta.url).resolve
export const FONT_FILES = {
  regular: new Uint8Array(readFileSync(resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'))),
  bold: new Uint8Array(readFileSync(resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'))),
}
