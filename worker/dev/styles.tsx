import { Hono } from 'hono'
import type { ReactNode } from 'react'
import type { AppEnv } from '../types'
import { route } from '../../shared/routes'
import { systemMessageSchema } from '../../shared/forms/system-message'
import type { PaymentDue } from '../../shared/payments/payment-due'
import { renderPage } from '../render/render-page'
import { publicSettings } from '../render/context'
import { Field } from '../render/form'
import { PaymentDueView, paymentDueTone } from '../render/layout/payment-due-box'
import { PolicyTile } from '../pages/policy/account-home'
import { SystemMessageView } from '../pages/system-message'
import type { DashboardPolicy } from '../pages/policy/account-home-data'

/**
 * The living style page (decision 154): every component of the base layer in every state, built from
 * the same components the pages use, so a change to the tokens or a component is checked in one place.
 * Under /__dev, so a 404 in any deployed environment (decision 120).
 */

const TOKENS = {
  brand: ['brand', 'brand-strong', 'brand-soft', 'accent'],
  neutral: ['ink', 'ink-muted', 'line', 'line-strong', 'surface', 'surface-sunken', 'canvas', 'footer'],
  status: ['success', 'success-bg', 'info', 'info-bg', 'warning', 'warning-bg', 'danger', 'danger-bg'],
} as const
const TYPE_SCALE = ['xs', 'sm', 'base', 'lg', 'xl', '2xl', '3xl'] as const
const SPACES = [1, 2, 3, 4, 5, 6, 7] as const
const TONES = ['success', 'info', 'warning', 'danger'] as const

const PAYMENT_STATES: { name: string; due: PaymentDue; pastDue: number }[] = [
  { name: 'Amount due (primary action)', due: { kind: 'due', amount: 18450, dateLabel: 'By:', date: '2026-12-15', canPay: true, drafts: false }, pastDue: 0 },
  { name: 'Amount due on EFT', due: { kind: 'due', amount: 18450, dateLabel: 'Next EFT Draft:', date: '2026-12-15', canPay: true, drafts: true }, pastDue: 0 },
  { name: 'Past due (warning)', due: { kind: 'due', amount: 36900, dateLabel: 'By:', date: '2026-12-15', canPay: true, drafts: false }, pastDue: 18450 },
  {
    name: 'Billing referral (warning, phone is a link)',
    due: { kind: 'message', text: 'Your account has been referred to our billing department. Please call 1-800-555-0134 to discuss your balance.' },
    pastDue: 0,
  },
  { name: 'Contact your agent (warning)', due: { kind: 'contact', text: 'Please contact your agent to make a payment.' }, pastDue: 0 },
  { name: 'Cancelled (danger)', due: { kind: 'contact', text: 'Cancelled Policy' }, pastDue: 0 },
  { name: 'Recent payment (success)', due: { kind: 'recent', text: 'Thank you for your recent payment of', amount: 18450 }, pastDue: 0 },
  { name: 'Paid in full (success)', due: { kind: 'paid', text: 'Paid in full.' }, pastDue: 0 },
]

const TILES: DashboardPolicy[] = [
  {
    policyId: 'HOM4010001',
    state: 'CA',
    policyNickname: 'Home',
    planID: 'HO3',
    hasCoverages: false,
    glance: {
      status: { label: 'Active', tone: 'success' },
      due: { amount: 18450, dateLabel: 'By:', date: '2026-12-15' },
      next: { label: 'E-Signature Required', tone: 'warning' },
      action: { eSignatureRequired: true, payable: 18450, contactAgent: null },
      paymentDue: { kind: 'due', amount: 18450, dateLabel: 'By:', date: '2026-12-15', canPay: true, drafts: false },
    },
  },
  {
    policyId: 'FLD4010003',
    state: 'FL',
    policyNickname: '',
    planID: 'PRP',
    hasCoverages: false,
    glance: {
      status: { label: 'Pending', tone: 'info' },
      due: { amount: 142300, dateLabel: 'Next EFT Draft:', date: '2026-11-30' },
      next: { label: 'Payment Due', tone: 'info' },
      action: { eSignatureRequired: false, payable: 142300, contactAgent: null },
      paymentDue: { kind: 'due', amount: 142300, dateLabel: 'Next EFT Draft:', date: '2026-11-30', canPay: true, drafts: false },
    },
  },
  {
    policyId: 'HOM4040006',
    state: 'TX',
    policyNickname: 'Lake House',
    planID: 'HO5',
    hasCoverages: false,
    glance: {
      status: { label: 'Cancelled', tone: 'danger' },
      due: { text: 'Cancelled Policy' },
      next: null,
      action: { eSignatureRequired: false, payable: null, contactAgent: { name: 'Alex Rivera', phone: '800-555-0100' } },
      paymentDue: { kind: 'contact', text: 'Cancelled Policy' },
    },
  },
]

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card styleguide__section" id={id} aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{title}</h2>
      {children}
    </section>
  )
}

function StylesView({ supportPhone }: { supportPhone: string }) {
  const success = systemMessageSchema.parse({ text: '<p>Your payment of $184.50 was received. Confirmation number 12345.</p>', isError: false })
  const failure = systemMessageSchema.parse({
    text: '<p>We could not process your request. Call 1-800-555-0134 for help.</p>',
    isError: true,
    showPhoneNumber: true,
  })
  return (
    <div className="styleguide">
      <link rel="stylesheet" href="/css/styleguide.css" />
      <h1>Styles</h1>
      <p className="lede">Every component of the base layer (static/app.css) in every state. Local only: this page does not exist in production.</p>

      <Section id="sg-colour" title="Colour">
        {Object.entries(TOKENS).map(([group, names]) => (
          <ul className="styleguide__swatches" key={group} aria-label={`${group} colours`}>
            {names.map((n) => (
              <li key={n}>
                <span className={`styleguide__swatch styleguide__swatch--${n}`} aria-hidden="true" />
                <code>--color-{n}</code>
              </li>
            ))}
          </ul>
        ))}
      </Section>

      <Section id="sg-type" title="Type and spacing">
        {TYPE_SCALE.map((t) => (
          <p className={`styleguide__type styleguide__type--${t}`} key={t}>
            --text-{t}: Policyholders on phones in a hurry
          </p>
        ))}
        <ul className="styleguide__spaces" aria-label="Spacing">
          {SPACES.map((s) => (
            <li key={s}>
              <span className={`styleguide__space styleguide__space--${s}`} aria-hidden="true" />
              <code>--space-{s}</code>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="sg-buttons" title="Buttons and links">
        <div className="actions">
          <a className="btn btn--primary" href="#sg-buttons">
            Primary
          </a>
          <a className="btn btn--secondary" href="#sg-buttons">
            Secondary
          </a>
          <button type="button" className="btn btn--danger">
            Danger
          </button>
          <button type="button" className="btn btn--primary" disabled>
            Disabled
          </button>
          <button type="button" className="btn btn--link">
            Link button
          </button>
          <a href="#sg-buttons">A text link</a>
        </div>
      </Section>

      <Section id="sg-status" title="Status: alerts and chips">
        {TONES.map((t) => (
          <div className={`alert alert--${t}`} role={t === 'danger' ? 'alert' : 'status'} key={t}>
            <p>The {t} alert: icon, colour and text at 4.5:1 or more.</p>
          </div>
        ))}
        <p className="styleguide__chips">
          {TONES.map((t) => (
            <span className={`chip tone--${t}`} key={t}>
              {t}
            </span>
          ))}
        </p>
      </Section>

      <Section id="sg-fields" title="Fields">
        <Field name="sg-plain" label="A field" errors={{}} firstError={undefined} hint="A hint under the label." />
        <Field name="sg-error" label="A field in error" errors={{ 'sg-error': 'Last name field is required.' }} firstError={undefined} />
        <Field name="sg-readonly" label="A read-only field" errors={{}} firstError={undefined} readOnly defaultValue="HOM4010001" />
        <Field
          name="sg-help"
          label="A field with help"
          errors={{}}
          firstError={undefined}
          help={{ label: 'Help: A field with help', text: 'The help opens under its button and closes with Escape.' }}
        />
      </Section>

      <Section id="sg-payment-due" title="Payment-due box">
        {PAYMENT_STATES.map((s) => (
          <div key={s.name}>
            <h3>{s.name}</h3>
            <PaymentDueView due={s.due} tone={paymentDueTone(s.due, s.pastDue)} />
          </div>
        ))}
      </Section>

      <Section id="sg-policy-cards" title="Account Home cards">
        <ul className="policy-grid">
          {TILES.map((p) => (
            <li className="policy-tile" key={p.policyId}>
              <PolicyTile policy={p} partner />
            </li>
          ))}
        </ul>
      </Section>

      <Section id="sg-table" title="Table: money right-aligned, dates on one line">
        <table className="stack-table">
          <caption className="visually-hidden">Sample payments</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col" className="money">
                Amount
              </th>
              <th scope="col">Check #</th>
              <th scope="col">Description</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td data-label="Date">10/20/2026</td>
              <td data-label="Amount">$1,369.00</td>
              <td data-label="Check #">1058</td>
              <td data-label="Description">Renewal Down Payment - Check</td>
            </tr>
            <tr>
              <td data-label="Date">10/01/2026</td>
              <td data-label="Amount">$184.50</td>
              <td data-label="Check #"></td>
              <td data-label="Description">Installment Payment - EFT</td>
            </tr>
          </tbody>
        </table>
      </Section>

      <Section id="sg-disclosure" title="Disclosure">
        <details className="side-nav">
          <summary className="side-nav__toggle">
            Policy Menu <span className="side-nav__policy-id">HOM4010001</span>
          </summary>
          <ul>
            <li>
              <a href="#sg-disclosure" aria-current="page">
                Policy Summary
              </a>
            </li>
            <li>
              <a href="#sg-disclosure">Payment History</a>
            </li>
          </ul>
        </details>
      </Section>

      <Section id="sg-dialog" title="Dialog (drawn in place)">
        <section className="modal-dialog styleguide__dialog" aria-labelledby="sg-dialog-title">
          <h3 id="sg-dialog-title" className="modal__title">
            Claims on Policy HOM4010001
          </h3>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus (axe scrollable-region-focusable) */}
          <section className="modal__body" tabIndex={0} aria-label="Dialog body">
            <p>The body scrolls; the title and the buttons stay in view.</p>
          </section>
          <div className="modal__actions">
            <button type="button" className="btn btn--secondary">
              Close
            </button>
            <a className="btn btn--primary" href="#sg-dialog">
              Report a New Claim
            </a>
          </div>
        </section>
      </Section>

      <Section id="sg-system-message" title="System message">
        <div className="styleguide__pair">
          <SystemMessageView message={success} directLogin hasPolicy settings={{ supportPhone }} portalUrl="#sg-system-message" headingId="sg-sm-success" />
          <SystemMessageView
            message={failure}
            directLogin
            hasPolicy={false}
            settings={{ supportPhone }}
            portalUrl="#sg-system-message"
            headingId="sg-sm-error"
          />
        </div>
      </Section>
    </div>
  )
}

export const stylesApp = new Hono<AppEnv>()

stylesApp.get('/', (c) => {
  const page = { ...route('NotFound'), path: '/__dev/styles', page: 'Styles' }
  return renderPage(c, <StylesView supportPhone={publicSettings(c.env).supportPhone} />, { route: page, policy: null })
})
