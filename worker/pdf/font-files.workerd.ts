import bold from 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'
import regular from 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf'

/**
 * The PDF fonts' bytes in the worker (wrangler's bundle, the worker tests): package.json maps
 * '#pdf-font-files' here under the `workerd` condition, and wrangler.toml's Data rule makes each import
 * an ArrayBuffer bundled with the worker. Node reads the same files (pdf-font-files.node.ts).
 */
export const FONT_FILES = { regular: new Uint8Array(regular), bold: new Uint8Array(bold) }
