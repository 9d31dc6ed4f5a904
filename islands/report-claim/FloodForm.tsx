import { useState } from 'react'
import { useSnapshot } from 'valtio'
import { localDateTime } from '../../shared/clock'
import { CLAIM_MSG, LOSS_TIME_REQUIRED } from '../../shared/claims/messages'
import { floodLossProblem, lossDateOnLeave, policyPeriodWarning } from '../../shared/claims/dates'
import { buildFloodSubmission } from '../../shared/claims/payload'
import { floodClaimSchema } from '../../shared/claims/schemas/claim-flood'
import { CLAIM_MAX } from '../../shared/claims/schemas/claim-fields'
import type { ReportClaimProps } from '../../shared/claims/schemas/claim-props'
import { TextField } from './fields'
import { AssignRepairsDialog, ConfirmClaimDialog } from './dialogs'
import { Section } from './Section'
import { InsuredSection } from './InsuredSection'
import { ReporterSection } from './ReporterSection'
import { LossLocationSection } from './LossLocationSection'
import { EmergencyRepairsSection } from './EmergencyRepairsSection'
import { DraftOffer, FilesSection, FormActions, ReportFacts } from './parts'
import { applyVendorEvent, createFloodStore } from './store'
import { useClaimForm, validation } from './use-claim-form'
import { now } from './now'
import { useClaimTexts } from './texts'

/**
 * The flood claim form (spec 001 section 2 "Flood claim form", section 4 "Flood claim flow"): prefilled
 * from the policy, no same-as-insured box, relationship, weather or causes; a blank or future date of
 * loss clears it and marks Report Claim disabled; a date outside the policy period warns.
 */
export function FloodForm(props: ReportClaimProps) {
  const t = useClaimTexts()
  const [store] = useState(() => createFloodStore(props))
  const snap = useSnapshot(store, { sync: true })
  const current = () => localDateTime(now(), props.state)
  const validate = () =>
    validation(buildFloodSubmission(store.values, { policyId: props.policyId, state: props.state, reportedAt: props.reportedAt }), (s) =>
      floodClaimSchema({ now: current() }).safeParse(s),
    )
  const form = useClaimForm(store, props, validate)
  const v = snap.values
  const dateProblem = floodLossProblem(v.lossDate, v.lossTime, current())
  // The submission carries date and time as one lossDate; its 'time required' message belongs to the time field.
  const timeMissing = snap.errors.lossDate === LOSS_TIME_REQUIRED
  const dateError = snap.dateMessage || (timeMissing ? undefined : snap.errors.lossDate)

  const leaveDate = (value: string) => {
    const left = lossDateOnLeave(value, current().date)
    store.values.lossDate = left.value
    store.dateMessage = left.message ?? ''
    form.changed()
  }
  const leaveTime = (value: string) => {
    if (floodLossProblem(store.values.lossDate, value, current()) === CLAIM_MSG.lossDateFuture) {
      store.values.lossTime = ''
      store.dateMessage = CLAIM_MSG.lossDateFuture
    }
    form.changed()
  }

  return (
    <>
      {form.draft.offer && <DraftOffer onContinue={form.draft.continueDraft} onDiscard={() => void form.draft.discard()} />}
      <form ref={form.formRef} className="claim-form" noValidate onSubmit={form.reportClaim} aria-busy={snap.submitting || undefined}>
        <p className="claim-form__required">{t.requiredMark}</p>
        <Section id="claim-loss-heading" title={t.lossInformation}>
          <ReportFacts props={props} />
          <div className="claim-grid">
            <TextField
              name="lossDate"
              label={t.dateOfLoss}
              type="date"
              required
              max={current().date}
              value={v.lossDate}
              error={dateError}
              warning={dateError ? null : policyPeriodWarning(v.lossDate, props.policyPeriod)}
              onChange={(value) => {
                store.values.lossDate = value
                store.dateMessage = ''
                form.changed()
              }}
              onBlur={leaveDate}
            />
            <TextField
              name="lossTime"
              label={t.timeOfLoss}
              type="time"
              required
              value={v.lossTime}
              error={timeMissing ? LOSS_TIME_REQUIRED : undefined}
              onChange={(value) => {
                store.values.lossTime = value
                form.changed()
              }}
              onBlur={leaveTime}
            />
          </div>
          <TextField
            name="lossDescription"
            label={t.descriptionFlood}
            required
            multiline
            maxLength={CLAIM_MAX.description}
            value={v.description}
            error={snap.errors.lossDescription}
            onChange={(value) => {
              store.values.description = value
              form.changed()
            }}
          />
        </Section>
        <LossLocationSection v={v.location} w={store.values.location} errors={snap.errors} family="flood" changed={form.changed} />
        <ReporterSection v={v.reporter} w={store.values.reporter} errors={snap.errors} family="flood" insured={v.insured} changed={form.changed} />
        <InsuredSection v={v.insured} w={store.values.insured} errors={snap.errors} family="flood" changed={form.changed} onFile={props.insured} />
        <EmergencyRepairsSection
          v={v.repairs}
          w={store.values.repairs}
          errors={snap.errors}
          changed={form.changed}
          vendor={(e) => applyVendorEvent(store, e)}
        />
        <FilesSection files={form.files} error={form.fileError} onAdd={form.addFiles} onRemove={form.removeFile} onRetry={form.retryFile} />
        <FormActions
          props={props}
          form={form}
          submitMessage={snap.submitMessage}
          submitFailed={snap.submitFailed}
          submitting={snap.submitting}
          disabledHint={dateProblem ? t.reportDisabledHint : null}
        />
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
        <ConfirmClaimDialog fraud={null} claimsPhone={props.claimsPhone} showNote={false} onCancel={form.cancelConfirm} onConfirm={() => void form.confirm()} />
      )}
    </>
  )
}
