import { pathOf } from '../../../shared/routes'
import { localDateTime } from '../../../shared/clock'
import { formatDateIn } from '../../../shared/i18n/format'
import { PASSKEY_MSG } from '../../../shared/identity/passkeys'
import { renderPage } from '../../render/render-page'
import { readForm } from '../../services/request/read-form'
import { PasskeyAdd } from './passkey-islands'
import { pageAccountBurst, pageRateLimit } from '../../middleware/page-refusals'
import { RATE_RULES } from '../../middleware/rate-rules'
import { passkeysOf } from '../../db/identity/passkeys'
import { removePasskey } from '../../services/identity/passkeys'
import { passkeysWorkAt } from '../../../shared/identity/passkeys'
import { stepUpRequired } from '../../services/identity/step-up-rule'
import { hmacLetters } from '../../lib/signed-value'
import { background } from '../../lib/background'
import type { Env } from '../../env'
import { currentProfile, FormAlert, StatusMessage } from './parts'
import { useLocale, useTexts } from '../../render/locale'
import { partsTexts } from './texts/parts'
import { passkeysTexts } from './texts/security'
import { confirmPath } from './step-up-target'
import { definePage } from '../page'

interface PasskeyItem {
  handle: string
  name: string
  addedAt: number
  lastUsedAt: number | null
}

/** A passkey's handle for its Remove button: letters only, never the credential id itself. */
const handleOf = (env: Env, credentialId: string) => hmacLetters(env, `passkey-handle:${credentialId}`, 12)

function When({ at, state }: { at: number; state: string }) {
  const local = localDateTime(at, state)
  return <time dateTime={new Date(at).toISOString()}>{`${formatDateIn(useLocale(), local.date)} ${local.time}`}</time>
}

interface ViewProps {
  passkeys: PasskeyItem[]
  state: string
  adding: 'island' | 'step-up' | 'elsewhere'
  origin: string
  status: string | null
  alert: string | null
}

/** Passkeys (issue 23 item 1, decision 181): the profile's passkeys, named, with their last use; add and remove. */
function PasskeysView({ passkeys, state, adding, origin, status, alert }: ViewProps) {
  const t = useTexts(passkeysTexts)
  const common = useTexts(partsTexts)
  return (
    <section className="card narrow" aria-labelledby="passkeys-heading">
      <h1 id="passkeys-heading">{t.heading}</h1>
      {status && <StatusMessage>{status}</StatusMessage>}
      <FormAlert message={alert} focus />
      <p>{t.about}</p>
      {passkeys.length === 0 ? (
        <p>{t.none}</p>
      ) : (
        <ul className="profile-sessions">
          {passkeys.map((p, i) => (
            <li key={p.handle} className="profile-session">
              <article aria-labelledby={`passkey-${i}`}>
                <h2 id={`passkey-${i}`}>{p.name}</h2>
                <dl>
                  <dt>{t.added}</dt>
                  <dd>
                    <When at={p.addedAt} state={state} />
                  </dd>
                  <dt>{t.lastUsed}</dt>
                  <dd>{p.lastUsedAt ? <When at={p.lastUsedAt} state={state} /> : t.notYet}</dd>
                </dl>
                <form method="post" action={pathOf('Passkeys')}>
                  <input type="hidden" name="passkey" value={p.handle} />
                  <button type="submit" className="btn btn--secondary" aria-describedby={`passkey-${i}`}>
                    {t.remove}
                  </button>
                </form>
              </article>
            </li>
          ))}
        </ul>
      )}
      <h2>{t.addHeading}</h2>
      {adding === 'island' && (
        <>
          <PasskeyAdd optionsUrl="/v1/profile/passkeys/options" addUrl="/v1/profile/passkeys" doneUrl={`${pathOf('Passkeys')}?done=added`} />
          <noscript>
            <p>{t.needsScript}</p>
          </noscript>
        </>
      )}
      {adding === 'step-up' && (
        <p>
          {t.stepUpBefore}
          <a href={confirmPath('passkeys')}>{t.stepUpLink}</a>
          {t.stepUpAfter}
        </p>
      )}
      {adding === 'elsewhere' && (
        <p>
          {t.elsewhereBefore}
          <a href={`${origin}${pathOf('Passkeys')}`}>{origin}</a>
          {t.elsewhereAfter}
        </p>
      )}
      <p>
        <a href={pathOf('ManageProfile')}>{common.backToProfile}</a>
      </p>
    </section>
  )
}

export const passkeysPage = definePage('Passkeys')

passkeysPage.get('/', async (c) => {
  const profile = await currentProfile(c)
  const session = c.get('session')
  if (!profile || !session) return c.redirect(pathOf('Error'), 303)
  const rows = await passkeysOf(c.env.DB, profile.profileId)
  const passkeys = await Promise.all(
    rows.map(async (r) => ({ handle: await handleOf(c.env, r.credential_id), name: r.name, addedAt: r.created_at, lastUsedAt: r.last_used_at })),
  )
  const adding = !passkeysWorkAt(c.env, new URL(c.req.url).hostname) ? 'elsewhere' : stepUpRequired(session) ? 'step-up' : 'island'
  const done = c.req.query('done')
  const status = done === 'added' ? PASSKEY_MSG.added : done === 'removed' ? PASSKEY_MSG.removed : null
  const alert = done === 'gone' ? PASSKEY_MSG.removeGone : null
  const origin = c.env.WEBAUTHN_ORIGINS.split(',')[0]!.trim()
  return renderPage(
    c,
    <PasskeysView passkeys={passkeys} state={profile.policies[0]?.state ?? ''} adding={adding} origin={origin} status={status} alert={alert} />,
    { sendToProgressive: profile.sendToProgressive },
  )
})

passkeysPage.post('/', pageAccountBurst, pageRateLimit(RATE_RULES.profileChanges), async (c) => {
  const form = await readForm(c)
  const session = c.get('session')
  if (!session?.profileId || session.kind !== 'direct') return c.redirect(pathOf('Error'), 303)
  const rows = await passkeysOf(c.env.DB, session.profileId)
  let removed = false
  for (const r of rows) {
    if ((await handleOf(c.env, r.credential_id)) !== form.passkey) continue
    removed = await removePasskey(c.env, session.profileId, r.credential_id, { requestId: c.get('requestId'), background: background(c) })
  }
  return c.redirect(`${pathOf('Passkeys')}?done=${removed ? 'removed' : 'gone'}`, 303)
})
