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

/** The permissions a route may name (shared/routes.ts), each the one function above that decides it. */
export const PERMISSIONS = { mayESign, mayViewESignHistory, mayReportClaim, mayMakePayment } as const satisfies Record<string, (p: PermissionFacts) => boolean>

export type PermissionName = keyof typeof PERMISSIONS

export function permits(p: PermissionFacts, name: PermissionName): boolean {
  return PERMISSIONS[name](p)
}
