/**
 * What one tab tells the others about the session they share: a new deadline (a token refresh moved
 * it) or activity (epoch ms of the last mouse move, key down, mouse down or touch start).
 * BroadcastChannel where there is one; otherwise a localStorage write, which other tabs of the site
 * see as a `storage` event. Without either, each tab keeps to itself.
 */
export interface TabNews {
  deadline?: number
  activity?: number
}

export interface TabChannel {
  post(news: TabNews): void
  close(): void
}

export const CHANNEL_NAME = 'session-timer'

export function openTabChannel(onNews: (news: TabNews) => void): TabChannel {
  const receive = (data: unknown) => {
    const news = readNews(data)
    if (news) onNews(news)
  }
  if (typeof BroadcastChannel === 'function') {
    const channel = new BroadcastChannel(CHANNEL_NAME)
    channel.onmessage = (e: MessageEvent) => receive(e.data)
    return { post: (news) => channel.postMessage(news), close: () => channel.close() }
  }
  const onStorage = (e: StorageEvent) => {
    if (e.key !== CHANNEL_NAME || !e.newValue) return
    try {
      receive(JSON.parse(e.newValue))
    } catch {
      // not ours, or damaged: ignore
    }
  }
  window.addEventListener('storage', onStorage)
  return {
    post(news) {
      try {
        // The random part makes every write a change, so every write reaches the other tabs.
        window.localStorage.setItem(CHANNEL_NAME, JSON.stringify({ ...news, n: Math.random() }))
      } catch {
        // Storage can be unavailable (privacy modes): the tab then keeps to itself.
      }
    },
    close: () => window.removeEventListener('storage', onStorage),
  }
}

/** Only finite, positive numbers are taken from another tab. */
export function readNews(data: unknown): TabNews | null {
  if (typeof data !== 'object' || data === null) return null
  const { deadline, activity } = data as Record<string, unknown>
  const news: TabNews = {}
  if (isTime(deadline)) news.deadline = deadline
  if (isTime(activity)) news.activity = activity
  return news.deadline === undefined && news.activity === undefined ? null : news
}

function isTime(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0
}
