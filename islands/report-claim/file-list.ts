import { fill } from '../../shared/i18n/catalog'
import type { ReportClaimIslandTexts } from '../../shared/claims/texts/report-claim-island'
import type { ChosenFile } from './use-claim-form'

/**
 * How a chosen file is pictured: a photo the browser can draw, a PDF, another photo (HEIC: most browsers
 * cannot draw it), or anything else (refused when chosen, still listed to say why).
 */
export type FileLook = 'thumbnail' | 'pdf' | 'photo' | 'file'

export function fileLook(file: File): FileLook {
  if (file.type === 'application/pdf' || /\.pdf$/i.test(file.name)) return 'pdf'
  if (/^image\/(jpeg|png|gif|webp)$/.test(file.type)) return 'thumbnail'
  return file.type.startsWith('image/') || /\.hei[cf]$/i.test(file.name) ? 'photo' : 'file'
}

/**
 * What the list's polite live region says after a change (decision 227): files added and removed, and a
 * file whose upload finished or failed. One sentence per change, so a screen reader hears what happened
 * and not the whole list again; '' when nothing a person needs to hear changed.
 */
export function filesAnnouncement(
  before: readonly ChosenFile[],
  after: readonly ChosenFile[],
  t: ReportClaimIslandTexts,
  messageIn: (m: string) => string | undefined,
): string {
  const was = new Map(before.map((f) => [f.id, f]))
  const now = new Set(after.map((f) => f.id))
  const said: string[] = []
  const added = after.filter((f) => !was.has(f.id))
  if (added.length > 0)
    said.push(
      added.length === 1
        ? fill(t.addedOne, { name: added[0]!.file.name })
        : fill(t.addedMany, { count: added.length, names: added.map((f) => f.file.name).join(', ') }),
    )
  for (const f of before) if (!now.has(f.id)) said.push(fill(t.removed, { name: f.file.name }))
  for (const f of after) {
    const old = was.get(f.id)
    if (old && old.status !== f.status && f.status === 'uploaded') said.push(fill(t.uploadedOne, { name: f.file.name }))
    if (f.status === 'failed' && old?.status !== 'failed') said.push(`${f.file.name}: ${(f.message && messageIn(f.message)) || t.uploadFailed}`)
  }
  return said.join(' ')
}
