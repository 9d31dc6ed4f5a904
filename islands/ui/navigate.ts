/** Page navigation, in its own module so tests can replace it (happy-dom does not navigate). */
export function goTo(url: string): void {
  window.location.assign(url)
}
