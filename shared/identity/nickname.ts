/** Nickname (spec 000 section 5): maximum 20. */
export const NICKNAME_MAX = 20

export function normalizeNickname(nickname: string): string {
  return nickname.trim()
}

/** Spec 000 section 4 "Nickname edit": Save sends an update only if the nickname changed. */
export function nicknameChanged(current: string, next: string): boolean {
  return normalizeNickname(current) !== normalizeNickname(next)
}

/** Spec 000 section 4 "Remove policy": Remove is disabled when only one policy remains. */
export function canRemovePolicy(linkedCount: number): boolean {
  return linkedCount > 1
}
