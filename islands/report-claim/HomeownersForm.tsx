import { useState } from 'react'
import { useSnapshot } from 'valtio'
import { localDate } from '../../shared/clock'
import { formatUsd } from '../../shared/format'
import { fill } from '../../shared/i18n/catalog'
import { daysSinceLoss, lossDateOnLeave, lossDateProblem, policyPeriodWarning } from '../../shared/claims/dates'
import { autoSelectedDetailedCause, causeChoices, detailedCauseChoices, detailedCauseFacts, detailedCauseRows, rowById } from '../../shared/claims/matrix'
import { mitigationBannerShown } from '../../shared/claims/mitigation'
import { vendorServices } from '../../shared/claims/emergency-repairs'
import { emptyLocation, buildHomeownersSubmission } from '../../shared/claims/payload'
import { insuredLocation, sameAddress } from '../../shared/claims/location'
import { visibleDeductibles } from '../../shared/claims/seed-display'
import { homeownersClaimSchema } from '../../shared/claims/schemas/claim-homeowners'
import { CLAIM_MAX } from '../../shared/claims/schemas/claim-fields'
import type { ReportClaimProps } from '../../shared/claims/schemas/claim-props'
import type { ReportClaimIslandTexts } from '../../shared/claims/texts/report-claim-island'
import { SelectField, TextField, YesNo } from './fields'
import { AssignRepairsDialog, ConfirmClaimDialog, FraudWarning } from './dialogs'
import { Section } from './Section'
import { InsuredSection } from './InsuredSection'
import { ReporterSection } from './ReporterSection'
import { LossLocationSection } from './LossLocationSection'
import { EmergencyRepairsSection } from './EmergencyRepairsSection'
import { DraftOffer, FilesSection, FormActions, ReportFacts, ServerMessages } from './parts'
import { applyVendorEvent, createHomeownersStore, resetForNewDate } from './store'
import { useClaimForm, validation } from './use-claim-form'
import { useLossData } from './claim-data'
import { now } from './now'
import { useClaimTexts } from './texts'

/** A mitigation's name by its code (spec 001 section 9: 1 Water, 2 Board Up, 3 Fire/Smoke, 4 Roof Tarping). */
function mitigationName(t: ReportClaimIslandTexts, code: number): string {
  return { 1: t.mitigation1, 2: t.mitigation2, 3: t.mitigation3, 4: t.mitigation4 }[code] ?? ''
}

/**
 * The homeowners (non-flood) claim form (spec 001 section 2 "Homeowners claim form", section 4
 * "Homeowners claim flow" steps 1-6): the date of loss loads the claims matrix and the seed data,
 * weather, cause and detailed cause narrow the matrix, the seed data gives the deductibles, the insured
 * location, the exclusions and endorsements of the mitigation banner, and the fraud warning.
 */
export function HomeownersForm(props: ReportClaimProps) {
  const t = useClaimTexts()
  const [store] = useState(() => createHomeownersStore(props))
  const snap = useSnapshot(store, { sync: true })
  const today = () => localDate(now(), props.state)
  const loss = useLossData(props, props.policyId, snap.loadedDate)
  const v = snap.values
  const dateShown = v.lossDate !== '' && v.lossDate === snap.loadedDate
  const seed = dateShown ? loss.seed : null
  const row = v.detailedCause ? rowById(loss.matrix, v.detailedCause) : undefined
  const { mitigationType } = detailedCauseFacts(row)
  const bannerShown =
    seed !== null &&
    mitigationBannerShown({
      lossAtInsuredLocation: sameAddress(v.location, insuredLocation(seed)),
      planId: seed.PlanId,
      daysSinceLoss: daysSinceLoss(v.lossDate, today()),
      isPolicyActive: seed.IsPolicyActive,
      mitigationType,
      exclusions: seed.Exclusions,
      endorsements: seed.endorsements,
    })

  const validate = () => {
    const mitigationRequested = bannerShown ? store.values.mitigationRequested : []
    const repairs = store.values.repairs
    const values = {
      ...store.values,
      mitigationRequested,
      repairs: { ...repairs, serviceOptions: vendorServices(repairs.serviceOptions, mitigationRequested) },
    }
    const submission = buildHomeownersSubmission(values, {
      policyId: props.policyId,
      state: props.state,
      reportedAt: props.reportedAt,
      matrix: loss.matrix,
      seed,
      policyStatus: props.policyStatus,
    })
    return validation(submission, (s) => homeownersClaimSchema({ today: today() }).safeParse(s))
  }
  // A restored draft's date of loss loads its matrix and seed data, as typing it would (without the reset).
  const form = useClaimForm(store, props, validate, () => {
    if (lossDateProblem(store.values.lossDate, today()) === null) store.loadedDate = store.values.lossDate
  })
  const dateError = snap.dateMessage || snap.errors.lossDate
  const e = snap.errors

  const setDate = (value: string) => {
    store.values.lossDate = value
    store.dateMessage = ''
    if (lossDateProblem(value, today()) === null && value !== store.loadedDate) {
      if (store.loadedDate !== '') resetForNewDate(store)
      store.loadedDate = value
    }
    form.changed()
  }
  const leaveDate = (value: string) => {
    const left = lossDateOnLeave(value, today())
    store.values.lossDate = left.value
    store.dateMessage = left.message ?? ''
    form.changed()
  }
  const choose = (change: () => void) => {
    change()
    store.values.mitigationRequested = []
    form.changed()
  }
  const weather = v.weather
  const causes = weather ? causeChoices(loss.matrix, weather) : []
  const details = weather && v.cause ? detailedCauseChoices(loss.matrix, weather, v.cause) : []
  const deductibles = seed ? visibleDeductibles(seed.Deductibles) : []
  const insured = seed ? { ...v.insured, firstName: seed.InsuredFirstName, lastName: seed.InsuredLastName } : v.insured

  return (
    <>
      {form.draft.offer && <DraftOffer onContinue={form.draft.continueDraft} onDiscard={() => void form.draft.discard()} />}
      <form ref={form.formRef} className="claim-form" noValidate onSubmit={form.reportClaim} aria-busy={snap.submitting || undefined}>
        <ServerMessages messages={dateShown ? loss.messages : []} onRetry={dateShown ? loss.retry : null} />
        <p className="claim-form__required">{t.requiredMark}</p>
        <Section id="claim-loss-heading" title={t.lossInformation}>
          <ReportFacts props={props} />
          <TextField
            name="lossDate"
            label={t.dateOfLoss}
            type="date"
            required
            max={today()}
            value={v.lossDate}
            error={dateError}
            warning={dateError ? null : policyPeriodWarning(v.lossDate, props.policyPeriod)}
            onChange={setDate}
            onBlur={leaveDate}
          />
          {deductibles.length > 0 && (
            <section className="claim-deductibles" aria-labelledby="claim-deductibles-heading">
              <h3 id="claim-deductibles-heading">{t.deductiblesHeading}</h3>
              <dl>
                {deductibles.map((d) => (
                  <div key={d.name}>
                    <dt>{d.name}</dt>
                    <dd>{formatUsd(d.cents)}</dd>
                  </div>
                ))}
              </dl>
            </section>
          )}
          {!dateShown || loss.matrix.length === 0 ? (
            <p className="field__hint" role="status">
              {dateShown && loss.loading ? t.loadingLossDetails : t.lossDetailsHint}
            </p>
          ) : (
            <>
              <YesNo
                name="weatherRelated"
                legend={t.weatherRelated}
                required
                value={weather}
                error={e.weatherRelated}
                onChange={(answer) =>
                  choose(() => {
                    store.values.weather = answer
                    store.values.cause = ''
                    store.values.detailedCause = ''
                  })
                }
              />
              {weather && (
                <SelectField
                  name="causeOfLoss"
                  label={t.causeOfLoss}
                  required
                  value={v.cause}
                  options={causes}
                  error={e.causeOfLoss}
                  onChange={(cause) =>
                    choose(() => {
                      store.values.cause = cause
                      const only = autoSelectedDetailedCause(detailedCauseRows(loss.matrix, weather, cause))
                      store.values.detailedCause = only ? String(only.Id) : ''
                    })
                  }
                />
              )}
              {weather && v.cause && (
                <SelectField
                  name="perilMappingId"
                  label={t.detailedCause}
                  required
                  value={v.detailedCause}
                  options={details}
                  error={e.perilMappingId}
                  onChange={(id) =>
                    choose(() => {
                      store.values.detailedCause = id
                    })
                  }
                />
              )}
            </>
          )}
          <TextField
            name="lossDescription"
            label={t.descriptionHomeowners}
            required
            multiline
            maxLength={CLAIM_MAX.description}
            value={v.description}
            error={e.lossDescription}
            onChange={(value) => {
              store.values.description = value
              form.changed()
            }}
          />
        </Section>
        <InsuredSection v={insured} w={store.values.insured} errors={e} family="homeowners" changed={form.changed} onFile={props.insured} />
        <ReporterSection v={v.reporter} w={store.values.reporter} errors={e} family="homeowners" insured={insured} changed={form.changed} />
        <LossLocationSection
          v={v.location}
          w={store.values.location}
          errors={e}
          family="homeowners"
          changed={form.changed}
          sameAsAvailable={seed !== null}
          onSameAsInsured={(checked) => {
            store.values.location = checked && seed ? { sameAsInsured: true, ...insuredLocation(seed) } : emptyLocation()
            form.changed()
          }}
        />
        {bannerShown && (
          <section className="card claim-mitigation" aria-labelledby="claim-mitigation-heading">
            <h2 id="claim-mitigation-heading">{t.mitigationHeading}</h2>
            <p>{t.mitigationBody}</p>
            <div className="field claim-check">
              <input
                type="checkbox"
                id="claim-mitigation"
                checked={v.mitigationRequested.includes(mitigationType)}
                onChange={(ev) => {
                  store.values.mitigationRequested = ev.target.checked ? [mitigationType] : []
                  form.changed()
                }}
              />
              <label htmlFor="claim-mitigation">{fill(t.mitigationRequest, { name: mitigationName(t, mitigationType) })}</label>
            </div>
          </section>
        )}
        <EmergencyRepairsSection
          v={v.repairs}
          w={store.values.repairs}
          errors={e}
          changed={form.changed}
          vendor={(ev) => applyVendorEvent(store, ev)}
          requestedAbove={bannerShown ? v.mitigationRequested : []}
        />
        {seed && <FraudWarning lang={seed.fnolFraudLanguage} className="claim-fraud" />}
        <FilesSection files={form.files} error={form.fileError} onAdd={form.addFiles} onRemove={form.removeFile} onRetry={form.retryFile} />
        <FormActions props={props} form={form} submitMessage={snap.submitMessage} submitFailed={snap.submitFailed} submitting={snap.submitting} />
      </form>
      {snap.vendorModalOpen && (
        <AssignRepairsDialog
          claimsPhone={props.claimsPhone}
          onConfirm={() => applyVendorEvent(store, { type: 'modal-confirm' })}
          onCancel={() => {
            applyVendorEvent(store, { type: 'modal-cancel' })
            form.changed()
          }}
          onClose={() => applyVendorEvent(store, { type: 'modal-close' })}
        />
      )}
      {snap.confirmOpen && (
        <ConfirmClaimDialog
          fraud={seed?.fnolFraudLanguage ?? null}
          claimsPhone={props.claimsPhone}
          showNote
          onCancel={form.cancelConfirm}
          onConfirm={() => void form.confirm()}
        />
      )}
    </>
  )
}
