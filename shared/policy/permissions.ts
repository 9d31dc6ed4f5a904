/** Navigation permissions (spec 000 section 4 "Navigation permissions"). */
export interface PermissionFacts {
  policyStatus: string
  previousCancelled: boolean
  isFlood: boolean
  isExcessFlood: boolean
  isUmbrella: boolean
}

export function isCancelled(p: Pick<PermissionFacts, 'policyStatus'>): boolean {
  return p.policyStatus.toLowerCase().includes('cancelled')
}

export function mayESign(p: PermissionFacts): boolean {
  return !isCancelled(p) && !p.isFlood && !p.isUmbrella
}

export function mayViewESignHistory(p: PermissionFacts): boolean {
  return !p.isFlood && !p.isUmbrella
}

export function mayReportClaim(p: PermissionFacts): boolean {
  return !isCancelled(p) && !p.isExcessFlood
}

export function mayMakePayment(p: PermissionFacts): boolean {
  return !isCancelled(p) && !p.previousCancelled
}
