/** wrangler.toml's `Data` rule: importing a .ttf gives its bytes (the PDF writer's fonts). */
declare module '*.ttf' {
  const bytes: ArrayBuffer
  export default bytes
}
