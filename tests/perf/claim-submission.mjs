/** A homeowners claim as the Report a Claim island sends it (sam.single's details; the loss two days ago). */
export function claimSubmission(policyId, lossDescription, email = 'sam.single@example.com') {
  const d = new Date(Date.now() - 2 * 86_400_000)
  const us = `${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getDate()).padStart(2, '0')}/${d.getFullYear()}`
  const none = {
    name: '',
    phone: '',
    email: '',
    address: '',
    city: '',
    state: '',
    zipCode: '',
    serviceType: '',
    serviceTypeOptionalComment: '',
    assignNationalVendor: 'no',
    serviceOptions: [],
  }
  return {
    claimId: '',
    policyId,
    dateClaimReported: '11/23/2026 09:20:17 AM', // replaced by the server's clock
    lossDate: us,
    weatherRelated: 'no',
    causeOfLoss: 'Water Damage',
    perilMappingId: 101,
    lossDescription,
    firstName: 'Sam',
    lastName: 'Okafor',
    homePhone: '512-555-0176',
    workPhone: '',
    cellPhone: '',
    preferredContact: '1',
    lossLocation: '2',
    lossAddress: '8804 Shoal Creek Boulevard',
    lossCity: 'Austin',
    lossState: 'TX',
    lossZipCode: '78757',
    lossCatCode: '',
    lossCatId: '',
    emailAddress: email,
    confirmEmailAddress: email,
    claimReportedByName: 'Sam Okafor',
    claimReportedByRelationship: 'Self',
    claimReportedByPhone: '512-555-0176',
    shellClaim: false,
    isPolicyActive: true,
    pdfImage: '',
    emergencyRepair: none,
    mitigationComment: '',
    policyStatusText: 'Active',
  }
}
